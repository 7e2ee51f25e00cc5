export declare const SERVER_DIR: string;
export declare const TEST_BUILD_DIR: string;
export declare function asSuite(source: string, name: string): string | null;
export declare function buildServerTests(files: string[], imports?: string[], options?: { groups?: number }): Promise<{ files: string[]; imports: string[] }>;
export declare function ownCodeOnly(asSuites?: Map<string, string>): import('esbuild').Plugin;
