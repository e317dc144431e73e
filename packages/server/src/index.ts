/** @arbiter/server: the HTTP API. */
export {};
