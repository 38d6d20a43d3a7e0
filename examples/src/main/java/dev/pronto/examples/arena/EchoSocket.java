package dev.pronto.examples.arena;

import dev.pronto.core.Routes;
import dev.pronto.core.WebSocket;
import dev.pronto.core.WebSocketHandler;
import io.netty.buffer.ByteBuf;
import java.util.function.Consumer;

/** {@code /ws} (HttpArena {@code echo-ws}): text echoed as text, binary as binary, in order, on the event loop. */
final class EchoSocket implements Consumer<Routes>, WebSocketHandler {
    @Override
    public void accept(Routes r) {
        r.ws("/ws", this);
    }

    @Override
    public void onText(WebSocket ws, String text) {
        ws.sendText(text);
    }

    @Override
    public void onBinary(WebSocket ws, ByteBuf data) {
        // the frame's buffer is borrowed: one more reference hands it to the outbound frame without a copy
        ws.sendBinary(data.retain());
    }
}
