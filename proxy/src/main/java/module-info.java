/** Reverse proxy and load balancer routes for Pronto: upstream groups over HTTP/1.1, HTTP/2 and teleport. */
module dev.pronto.proxy {
    requires transitive dev.pronto.core;
    requires transitive dev.pronto.client.http;
    requires org.slf4j;

    exports dev.pronto.proxy;
}
