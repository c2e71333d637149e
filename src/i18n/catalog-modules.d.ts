// The catalogs as vite-plugin.ts compiles them: one function per message id.
declare module '*.json?catalog&part=first' {
  const messages: import('./translate').Messages;
  export default messages;
}
