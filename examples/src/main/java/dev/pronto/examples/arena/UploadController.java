package dev.pronto.examples.arena;

import dev.pronto.core.FileUpload;
import dev.pronto.core.annotation.FilePart;
import dev.pronto.core.annotation.Form;
import dev.pronto.core.annotation.Path;
import dev.pronto.core.annotation.Post;
import java.util.List;
import java.util.Optional;

/**
 * A browser-style upload form as an annotated controller: {@code POST /forms/upload} with a {@code title} field
 * and any number of {@code file} parts ({@code curl -F title=t -F file=@a.bin -F file=@b.bin}). The body is
 * streamed: files past 16 KiB go to temporary files, deleted once the answer is sent; the app's
 * {@code maxBodySize} bounds the whole upload.
 */
@Path("/forms")
final class UploadController {
    /** Answers what arrived: the title, then each file's name and size. */
    @Post("/upload")
    String upload(@Form Optional<String> title, @FilePart("file") List<FileUpload> files) {
        StringBuilder sb = new StringBuilder(title.orElse("(untitled)")).append(": ").append(files.size()).append(" files");
        long total = 0;
        for (FileUpload f : files) {
            total += f.size();
        }
        return sb.append(", ").append(total).append(" bytes").toString();
    }
}
