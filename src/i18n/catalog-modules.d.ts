// The catalogs as vite-plugin.ts compiles them: Lingui's compiled messages, keyed by message id.
declare module '*.json?catalog&part=first' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
