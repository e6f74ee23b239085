// A file imported with `?url` (Vite's convention; the element's esbuild build does the same): its address as built.
declare module '*?url' {
  const url: string;
  export default url;
}
