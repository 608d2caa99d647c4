package fairslot.local;

/** How the JDK's HTTP server (the local API and the providers' fakes) is set for real clients. */
final class JdkHttpServer {
  private JdkHttpServer() {}

  /**
   * How long a client may keep an idle connection to reuse, told in every answer (Keep-Alive:
   * timeout). The JDK's server closes a connection idle for its idleInterval (30 s by default, 10 s
   * more by its timer's tick); a client that reuses a socket just as the server closes it gets
   * "socket hang up" (a Prism proxy did). Node's http.Agent and fetch stop reusing a socket a
   * second before the hint, so half the server's interval leaves that race no room.
   */
  static final long KEEP_ALIVE_SECONDS =
      Math.max(2, Long.getLong("sun.net.httpserver.idleInterval", 30) / 2);

  /**
   * Turns Nagle's algorithm off on accepted sockets. The server writes an answer's headers and body
   * apart; on a reused connection the body then waits for the client's delayed ACK, and every
   * request after the first took 40 ms more (measured: GET /slots/{id} 8 ms on a new connection,
   * 48-52 ms on a kept-alive one, with curl and with java.net.http). The JDK reads the property
   * once, when its first server starts, so this runs before any server is made.
   */
  static void tune() {
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
  }
}
