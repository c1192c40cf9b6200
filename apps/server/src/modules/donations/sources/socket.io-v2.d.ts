/**
 * The few parts of socket.io 2 (client and, for the tests' stand-in, server) this module uses.
 * Both are installed under npm aliases (socket.io-client-v2, socket.io-v2) beside socket.io 4 and
 * ship no types of their own.
 */
declare module 'socket.io-client-v2' {
  export interface V2ClientOptions {
    query?: Record<string, string>
    transports?: Array<'websocket' | 'polling'>
    reconnection?: boolean
    reconnectionDelay?: number
    reconnectionDelayMax?: number
    timeout?: number
    /** A Manager of its own (v2 shares one per host otherwise). */
    forceNew?: boolean
    /** Use the `ws` package even where a global WebSocket exists (Node 22+). */
    forceNode?: boolean
  }
  export interface V2ClientSocket {
    readonly connected: boolean
    on(event: string, listener: (...args: never[]) => void): this
    removeAllListeners(): this
    disconnect(): this
  }
  function io(url: string, options?: V2ClientOptions): V2ClientSocket
  export default io
}

declare module 'socket.io-v2' {
  import type { Server as HttpServer } from 'node:http'
  export interface V2ServerSocket {
    readonly id: string
    readonly handshake: { query: Record<string, string | undefined> }
    disconnect(close?: boolean): this
  }
  export interface V2Server {
    use(middleware: (socket: V2ServerSocket, next: (err?: Error) => void) => void): this
    on(event: 'connection', listener: (socket: V2ServerSocket) => void): this
    emit(event: string, ...args: unknown[]): this
    readonly sockets: { readonly sockets: Record<string, V2ServerSocket> }
    close(callback?: () => void): void
  }
  function createServer(
    server: HttpServer,
    options?: { transports?: Array<'websocket' | 'polling'>; serveClient?: boolean },
  ): V2Server
  export default createServer
}
