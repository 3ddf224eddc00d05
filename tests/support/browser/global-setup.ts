import { startBrowserServer } from './browser-server';

export default startBrowserServer;
