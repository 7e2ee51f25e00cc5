declare const __APP_VERSION__: string;
declare const __REMOTE_VERSION__: string;

/** Sound files the app serves itself (webpack asset/resource: the import is the file's URL). */
declare module '*.wav' {
  const url: string;
  export default url;
}

/** Style sheets the app adds itself (webpack asset/source: the import is the file's text). */
declare module '*.css' {
  const text: string;
  export default text;
}
