package dev.pronto.core.internal.content;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A memory-cached file is held off the heap, read-only, and served as views of it that free nothing shared. */
class CachedFileTest {
    @TempDir
    Path dir;

    @Test
    void theContentAndItsSiblingsAreHeldInDirectMemoryReadOnly() throws IOException {
        CachedFile f = load(write("app.js", "console.log(1);"), "gz!");

        assertThat(f.bytes().isDirect()).isTrue();
        assertThat(f.bytes().isReadOnly()).isTrue();
        assertThat(f.gz().isDirect()).isTrue();
        assertThat(f.br()).isNull();
        assertThat(f.size()).isEqualTo(15 + 3);
    }

    @Test
    void aViewIsTheWholeContentAndReleasingItLeavesTheCacheIntact() throws IOException {
        CachedFile f = load(write("a.txt", "hello, world"), null);

        ByteBuf first = CachedFile.view(f.bytes());
        assertThat(first.isDirect()).isTrue();
        assertThat(first.toString(java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("hello, world");
        first.release();

        ByteBuf second = CachedFile.view(f.bytes());
        assertThat(ByteBufUtil.getBytes(second)).isEqualTo("hello, world".getBytes());
        second.release();
    }

    @Test
    void aRangeViewIsThoseBytesOnly() throws IOException {
        CachedFile f = load(write("a.txt", "0123456789"), null);

        ByteBuf r = f.range(3, 4);

        assertThat(r.toString(java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("3456");
        r.release();
        assertThat(f.length()).isEqualTo(10);
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    private CachedFile load(Path file, String gz) throws IOException {
        if (gz != null) {
            Files.writeString(file.resolveSibling(file.getFileName() + ".gz"), gz);
        }
        BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class);
        return CachedFile.load(new StaticFileServer.Resolved(file, attrs), 1 << 20);
    }
}
