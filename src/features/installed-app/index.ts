// The installed app's surface: started from its own chunk once the first rows are drawn
// (app/start.tsx), never part of the first load.
/** @public read from the module loadPaneCode (app/pane-code.ts) returns, which knip cannot follow */
export { startInstalledApp } from './start-installed-app';
