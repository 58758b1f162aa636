// The server's version, as /api/System/Version and the OpenAPI document answer it.
export const VERSION = "0.1.0";
