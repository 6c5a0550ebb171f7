/** The little of oidc-provider 9 the browser tests use (the package ships no types). */
declare module 'oidc-provider' {
  import type { Server } from 'node:http';
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    listen(port: number): Server;
  }
}
