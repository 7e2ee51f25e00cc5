declare const __APP_VERSION__: string;
declare const __REMOTE_VERSION__: string;
