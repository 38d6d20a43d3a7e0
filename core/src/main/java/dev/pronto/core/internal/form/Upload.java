package dev.pronto.core.internal.form;

import dev.pronto.core.FileUpload;
import dev.pronto.core.Part;
import io.netty.buffer.ByteBuf;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One file part: its first bytes in memory, and past the threshold a temporary file that only the
 * {@link UploadWriter}'s thread writes to until the part has ended. A lock rather than
 * {@code synchronized}, so a virtual thread blocked on the disk never pins its carrier.
 */
final class Upload implements FileUpload {
    private final String name;
    private final String filename;
    private final String rawFilename;
    private final String contentType;
    private final Path dir;
    private final ReentrantLock lock = new ReentrantLock();
    /** Bytes while in memory; null once spilled to {@link #file}. Event loop until the part ends. */
    private byte[] memory = new byte[0];
    private long size;
    private Path file;
    private FileChannel channel;
    /** Moved away or deleted: nothing left to give. */
    private boolean gone;

    Upload(Part part, Path dir) {
        this.name = part.name();
        this.filename = part.filename();
        this.rawFilename = part.rawFilename();
        this.contentType = part.contentType() == null ? "application/octet-stream" : part.contentType();
        this.dir = dir;
    }

    /** Event loop: adds bytes kept in memory. */
    void keep(ByteBuf data) {
        int n = data.readableBytes();
        byte[] grown = Arrays.copyOf(memory, memory.length + n);
        data.getBytes(data.readerIndex(), grown, memory.length, n);
        memory = grown;
        size += n;
    }

    /** Event loop: the bytes counted so far, in memory or on their way to the file. */
    long counted() {
        return size;
    }

    /** Event loop: counts bytes handed to the writer. */
    void count(int n) {
        size += n;
    }

    /** Writer thread: creates the temporary file and moves the bytes held in memory to it. */
    void spill() throws IOException {
        lock.lock();
        try {
            if (gone) {
                return;
            }
            file = Files.createTempFile(dir, "pronto-upload-", ".part");
            channel = FileChannel.open(file, StandardOpenOption.WRITE);
            byte[] head = memory;
            memory = null;
            channel.write(java.nio.ByteBuffer.wrap(head));
        } finally {
            lock.unlock();
        }
    }

    /** Writer thread: appends {@code data} to the file. */
    void write(ByteBuf data) throws IOException {
        lock.lock();
        try {
            if (channel == null) {
                return;
            }
            while (data.isReadable()) {
                data.readBytes(channel, data.readableBytes());
            }
        } finally {
            lock.unlock();
        }
    }

    /** Writer thread: the part ended. */
    void closeFile() throws IOException {
        lock.lock();
        try {
            if (channel != null) {
                channel.close();
                channel = null;
            }
        } finally {
            lock.unlock();
        }
    }

    /** Any thread: deletes the file, if any; the upload is gone after. */
    void delete() {
        lock.lock();
        try {
            gone = true;
            memory = null;
            if (channel != null) {
                channel.close();
                channel = null;
            }
            if (file != null) {
                Files.deleteIfExists(file);
            }
        } catch (IOException ignored) {
            // best effort: a file that cannot be deleted now is the OS temp cleaner's
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String filename() {
        return filename;
    }

    @Override
    public String rawFilename() {
        return rawFilename;
    }

    @Override
    public String contentType() {
        return contentType;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public boolean inMemory() {
        lock.lock();
        try {
            return memory != null;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Path path() throws IOException {
        lock.lock();
        try {
            live();
            if (file == null) {
                file = Files.createTempFile(dir, "pronto-upload-", ".part");
                Files.write(file, memory);
                memory = null;
            }
            return file;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Path moveTo(Path target) throws IOException {
        lock.lock();
        try {
            live();
            if (file == null) {
                Files.write(target, memory);
            } else {
                Files.move(file, target, StandardCopyOption.REPLACE_EXISTING);
            }
            gone = true;
            memory = null;
            return target;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public InputStream inputStream() throws IOException {
        lock.lock();
        try {
            live();
            return file == null ? new ByteArrayInputStream(memory) : Files.newInputStream(file);
        } finally {
            lock.unlock();
        }
    }

    private void live() {
        if (gone) {
            throw new IllegalStateException("upload '" + filename + "' was moved or deleted (the exchange ended)");
        }
    }

    @Override
    public String toString() {
        return "FileUpload[name=" + name + ", filename=" + filename + ", size=" + size + "]";
    }
}
