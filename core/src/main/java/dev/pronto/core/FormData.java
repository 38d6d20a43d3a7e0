package dev.pronto.core;

import java.util.List;
import java.util.Objects;

/**
 * A parsed {@code multipart/form-data} body ({@link Request#multipart()}): its fields in memory and its
 * file parts, in arrival order. Parts taken by a {@link PartListener} are in neither.
 *
 * <p>Immutable and thread-safe. Its temporary files live until the exchange ends ({@link FileUpload}).
 *
 * @param fields the non-file parts
 * @param files the file parts the server collected
 */
public record FormData(FormFields fields, List<FileUpload> files) {
    /** Copies {@code files}. */
    public FormData {
        Objects.requireNonNull(fields, "fields");
        files = List.copyOf(files);
    }

    /** The first value of field {@code name}, or null; as {@code fields().value(name)}. */
    public String value(String name) {
        return fields.value(name);
    }

    /** The first file part named {@code name}, or null. */
    public FileUpload file(String name) {
        for (FileUpload f : files) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }

    /** Every file part named {@code name}, in order; empty when none. */
    public List<FileUpload> files(String name) {
        return files.stream().filter(f -> f.name().equals(name)).toList();
    }
}
