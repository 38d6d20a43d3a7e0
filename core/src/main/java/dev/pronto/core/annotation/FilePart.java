package dev.pronto.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds a {@link dev.pronto.core.FileUpload} parameter (or {@code Optional<FileUpload>}, or
 * {@code List<FileUpload>} for a repeated field) to the file part of that name of a {@code multipart/form-data}
 * body; a missing required part is a 400 naming it, another content type a 415. The route runs on a virtual
 * thread with its body streamed: fields to memory, files past the threshold to temporary files deleted after
 * the response, all under the route's {@link dev.pronto.core.FormLimits}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface FilePart {
    /**
     * The part name; defaults to the Java parameter name.
     *
     * @return the name, or empty for the Java parameter name
     */
    String value() default "";
}
