-- wrk script: every request carries the next of 1000 user tokens, so no user comes near the rate limit.
-- Arguments: <tokens file> <path>. The baselines get the same headers (they ignore them), so wrk's own cost is equal.
local tokens = {}
local path = "/"
local i = 0

function init(args)
  path = args[2] or "/"
  for line in io.lines(args[1]) do
    if #line > 0 then tokens[#tokens + 1] = line end
  end
end

function request()
  i = i % #tokens + 1
  return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. tokens[i] })
end
