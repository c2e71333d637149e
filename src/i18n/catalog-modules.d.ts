// The catalogs as vite-plugin.ts compiles them: Lingui's compiled messages, keyed by message id.
declare module '*.json?catalog' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
declare module '*.json?pseudo-catalog' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
