import { stopBrowserServer } from './browser-server';

export default stopBrowserServer;
