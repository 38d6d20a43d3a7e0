package dev.pronto.json;

import dev.pronto.core.JsonCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;

/** Buffers for codec tests: every helper releases what it allocates. */
final class Bodies {
    private Bodies() {
    }

    /** A pooled direct buffer holding {@code json}, as the server hands over a request body. */
    static ByteBuf direct(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        return PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length).writeBytes(bytes);
    }

    static <T> T read(JsonCodec codec, String json, Class<T> type) {
        ByteBuf body = direct(json);
        try {
            return codec.read(body, type);
        } finally {
            body.release();
        }
    }

    static Object read(JsonCodec codec, String json, Type type) {
        ByteBuf body = direct(json);
        try {
            return codec.read(body, type);
        } finally {
            body.release();
        }
    }

    /** Encodes into a pooled direct buffer, as the server does for a response. */
    static String write(JsonCodec codec, Object value) {
        ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer();
        try {
            codec.write(value, out);
            return out.toString(StandardCharsets.UTF_8);
        } finally {
            out.release();
        }
    }

    /** Captures a generic type: {@code new TypeOf<List<Item>>() {}.type()}. */
    abstract static class TypeOf<T> {
        Type type() {
            return ((ParameterizedType) getClass().getGenericSuperclass()).getActualTypeArguments()[0];
        }
    }
}
