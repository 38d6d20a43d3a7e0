package dev.pronto.core;

import io.netty.buffer.ByteBuf;
import java.lang.reflect.Type;

/**
 * The JSON service provider the server uses for {@code Response.json(Object)} and
 * {@code Request.json(Class)}. {@code core} never depends on a JSON library: a module such as
 * {@code pronto-json} implements this interface and is wired explicitly with
 * {@code Server.builder().json(codec)}.
 *
 * <p>Threading: implementations are called concurrently from every event loop and from virtual
 * threads running blocking handlers; they must be thread-safe and should keep per-thread scratch
 * state (writers, readers) rather than allocate per call.
 */
public interface JsonCodec {
    /**
     * Encodes {@code value} as JSON, appending the bytes to {@code out}.
     *
     * @param value the object to encode; never null
     * @param out the destination; the caller owns it and releases it, this method only writes
     * @throws IllegalArgumentException if no encoder exists for the value's type; the message names
     *         the type and what to add (for example the {@code @CompiledJson} annotation)
     */
    void write(Object value, ByteBuf out);

    /**
     * Decodes the readable bytes of {@code body} as a {@code type}.
     *
     * @param body the JSON document; the caller owns it and releases it, this method neither
     *        releases it nor moves its reader index
     * @param type the target class
     * @return the decoded value; never null (a JSON {@code null} document is a 400)
     * @throws BadRequestException if the document is malformed, has wrong types, misses required
     *         fields or nests too deeply; the message says where the document is wrong
     * @throws IllegalArgumentException if no decoder exists for {@code type}
     */
    <T> T read(ByteBuf body, Class<T> type);

    /**
     * Decodes the readable bytes of {@code body} as the generic {@code type}, for example
     * {@code List<Item>}. Same contract as {@link #read(ByteBuf, Class)}.
     *
     * @param body the JSON document; owned and released by the caller
     * @param type the target type
     * @return the decoded value; never null
     */
    Object read(ByteBuf body, Type type);

    /**
     * Checks at startup that {@code type} can be encoded and decoded, so that a missing converter
     * fails when routes are registered rather than on the first request.
     *
     * @param type the class to check
     * @throws IllegalArgumentException naming the type and the annotation to add
     */
    void verify(Class<?> type);
}
