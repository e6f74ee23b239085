// Preloaded (node --import) into a `miniapps` process to put its clock MINIAPPS_TEST_CLOCK_SHIFT_MS ahead of the
// identity provider's, as on a laptop whose clock is wrong.
const shift = Number(process.env.MINIAPPS_TEST_CLOCK_SHIFT_MS ?? 0);
const realNow = Date.now;
Date.now = () => realNow() + shift;
