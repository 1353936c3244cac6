/** Vite's `?url` import of a font file: the URL it is served at (emitted as its own asset, fetched only when asked for). */
declare module '*.ttf?url' {
  const url: string;
  export default url;
}
