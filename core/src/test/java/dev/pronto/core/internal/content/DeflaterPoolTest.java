package dev.pronto.core.internal.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.Compression;
import dev.pronto.core.ContentCoding;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

class DeflaterPoolTest {
    private static final byte[] TEXT = "{\"hello\":\"world\"}".repeat(200).getBytes(StandardCharsets.UTF_8);

    private static String gunzip(ByteBuf gz) throws Exception {
        byte[] bytes = new byte[gz.readableBytes()];
        gz.readBytes(bytes).release();
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void gzipOnVirtualThreadsReusesOneDeflater() throws Exception {
        Compressors compressors = new Compressors(Compression.defaults());
        List<String> decoded = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            AtomicReference<ByteBuf> out = new AtomicReference<>();
            Thread.ofVirtual().start(() -> out.set(compressors.compress(ContentCoding.GZIP,
                    Unpooled.wrappedBuffer(TEXT), ByteBufAllocator.DEFAULT))).join();
            decoded.add(gunzip(out.get()));
        }

        assertThat(decoded).allSatisfy(d -> assertThat(d).isEqualTo(new String(TEXT, StandardCharsets.UTF_8)));
        assertThat(compressors.gzipPool().created()).isEqualTo(1);
    }

    @Test
    void deflatersBeyondThePoolCapacityAreEndedOnRelease() {
        DeflaterPool pool = DeflaterPool.raw(6, 2);
        List<Deflater> borrowed = List.of(pool.acquire(), pool.acquire(), pool.acquire(), pool.acquire());

        borrowed.forEach(pool::release);

        assertThat(pool.idle()).isEqualTo(2);
        assertThat(borrowed.subList(0, 2)).allSatisfy(d -> assertThat(d.getBytesRead()).isZero());
        assertThat(borrowed.subList(2, 4)).allSatisfy(d -> assertThatThrownBy(d::getBytesRead)
                .isInstanceOf(RuntimeException.class).hasMessageContaining("closed"));
    }

    @Test
    void anEventLoopThreadKeepsItsOwnDeflaterOutOfThePool() throws Exception {
        DeflaterPool pool = DeflaterPool.raw(6, 2);
        AtomicReference<List<Deflater>> seen = new AtomicReference<>();
        Thread loop = new FastThreadLocalThread(() -> {
            Deflater first = pool.acquire();
            pool.release(first);
            Deflater second = pool.acquire();
            pool.release(second);
            seen.set(List.of(first, second));
        });
        loop.start();
        loop.join();

        assertThat(seen.get().get(0)).isSameAs(seen.get().get(1));
        assertThat(pool.idle()).isZero();
        assertThat(pool.created()).isEqualTo(1);
    }
}
