package dev.pronto.core.internal.websocket;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import dev.pronto.core.WebSocketOptions;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;

class WebSocketDeflateTest {
    private static final WebSocketHandler ECHO = new WebSocketHandler() {
        @Override
        public void onText(WebSocket ws, String text) {
            ws.sendText(text);
        }
    };

    private static final String OFFER = WsWire.upgrade("/ws").replace("\r\n\r\n",
            "\r\nSec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n");

    /** A message compressed as RFC 7692 §7.2.1 says: raw deflate, sync flush, the trailing 00 00 FF FF removed. */
    private static byte[] compress(String text) {
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        d.setInput(text.getBytes(StandardCharsets.UTF_8));
        byte[] out = new byte[1024];
        int n = d.deflate(out, 0, out.length, Deflater.SYNC_FLUSH);
        d.end();
        return Arrays.copyOf(out, n - 4);
    }

    private static String inflate(byte[] payload) throws Exception {
        Inflater inf = new Inflater(true);
        byte[] in = Arrays.copyOf(payload, payload.length + 4);
        in[payload.length + 2] = (byte) 0xff;
        in[payload.length + 3] = (byte) 0xff;
        inf.setInput(in);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[1024];
        int n;
        while ((n = inf.inflate(buf)) > 0) {
            out.write(buf, 0, n);
        }
        inf.end();
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void offeredDeflateIsNegotiatedAndMessagesFlowCompressedBothWays() throws Exception {
        WebSocketOptions options = WebSocketOptions.builder().compression(WebSocketOptions.Deflate.defaults()).build();
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", options, ECHO))) {
            String head = c.request(OFFER);
            byte[] frame = WsWire.frame(WsWire.TEXT, true, compress("hello hello hello"));
            frame[0] |= 0x40;
            c.send(frame);

            assertThat(head).startsWith("HTTP/1.1 101 ").contains("Sec-WebSocket-Extensions: permessage-deflate");
            WsWire.Frame echoed = c.frames().getFirst();
            assertThat(inflate(echoed.payload())).isEqualTo("hello hello hello");
        }
    }

    @Test
    void deflateIsNotNegotiatedWhenTheRouteHasNoCompression() {
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", ECHO))) {
            String head = c.request(OFFER);
            byte[] frame = WsWire.text("x");
            frame[0] |= 0x40;
            c.send(frame);

            assertThat(head).doesNotContain("Sec-WebSocket-Extensions");
            assertThat(c.frames()).singleElement().extracting(WsWire.Frame::closeCode).isEqualTo(1002);
        }
    }

    @Test
    void offerAskingForTheFullServerWindowIsAcceptedAndRepeated() throws Exception {
        WebSocketOptions options = WebSocketOptions.builder().compression(WebSocketOptions.Deflate.defaults()).build();
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", options, ECHO))) {
            String head = c.request(WsWire.upgrade("/ws").replace("\r\n\r\n", "\r\nSec-WebSocket-Extensions: "
                    + "permessage-deflate; server_max_window_bits=15\r\n\r\n"));
            c.send(WsWire.text("hello hello hello"));

            assertThat(head).contains("Sec-WebSocket-Extensions: permessage-deflate; server_max_window_bits=15\r\n");
            assertThat(inflate(c.frames().getFirst().payload())).isEqualTo("hello hello hello");
        }
    }

    @Test
    void offerAskingForAServerWindowIsDeclinedAndALaterOfferAccepted() {
        WebSocketOptions options = WebSocketOptions.builder().compression(WebSocketOptions.Deflate.defaults()).build();
        try (WsChannel c = new WsChannel(r -> r.ws("/ws", options, ECHO))) {
            String head = c.request(WsWire.upgrade("/ws").replace("\r\n\r\n", "\r\nSec-WebSocket-Extensions: "
                    + "permessage-deflate; server_max_window_bits=9, permessage-deflate; client_no_context_takeover\r\n\r\n"));

            assertThat(head).startsWith("HTTP/1.1 101 ")
                    .contains("Sec-WebSocket-Extensions: permessage-deflate\r\n")
                    .doesNotContain("server_max_window_bits");
        }
    }
}
