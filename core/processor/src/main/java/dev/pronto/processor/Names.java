package dev.pronto.processor;

import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * The annotation and core type names the processor knows, as strings: the processor reads
 * annotations through mirrors and never loads core classes.
 */
final class Names {
    static final String ANNOTATIONS = "dev.pronto.core.annotation.";
    static final String PATH = ANNOTATIONS + "Path";
    static final String WEB_SOCKET = ANNOTATIONS + "WebSocketRoute";
    static final String STATUS = ANNOTATIONS + "Status";
    static final String BLOCKING = ANNOTATIONS + "Blocking";
    static final String BODY = ANNOTATIONS + "Body";
    static final String REQUEST = "dev.pronto.core.Request";
    static final String RESPONSE = "dev.pronto.core.Response";
    static final String BYTE_BUF = "io.netty.buffer.ByteBuf";

    /** HTTP method annotations in registration order, with the {@code Routes} method each calls. */
    static final Map<String, String> HTTP_METHODS = orderedMap(
            "Get", "get", "Post", "post", "Put", "put", "Patch", "patch",
            "Delete", "delete", "Head", "head", "Options", "options");

    /** Parameter annotations binding a request value, with the source constant of {@code Params}. */
    static final Map<String, Source> SOURCES = orderedMap(
            "PathParam", Source.PATH, "Query", Source.QUERY, "Header", Source.HEADER, "Cookie", Source.COOKIE,
            "Form", Source.FORM);
    /** A file part of a multipart body ({@code FileUpload}, {@code Optional} or {@code List} of it). */
    static final String FILE_PART = ANNOTATIONS + "FilePart";
    static final String FILE_UPLOAD = "dev.pronto.core.FileUpload";

    private Names() {
    }

    @SuppressWarnings("unchecked")
    private static <V> Map<String, V> orderedMap(Object... pairs) {
        var map = new java.util.LinkedHashMap<String, V>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(ANNOTATIONS + pairs[i], (V) pairs[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(map);
    }

    /** The annotation {@code name} on {@code element}, or null. */
    static AnnotationMirror find(Element element, String name) {
        for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
            TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
            if (type.getQualifiedName().contentEquals(name)) {
                return mirror;
            }
        }
        return null;
    }

    /** The annotations on {@code element} whose names are keys of {@code names}, in source order. */
    static List<AnnotationMirror> findAll(Element element, Map<String, ?> names) {
        return element.getAnnotationMirrors().stream()
                .filter(m -> names.containsKey(qualifiedName(m)))
                .map(m -> (AnnotationMirror) m)
                .toList();
    }

    static String qualifiedName(AnnotationMirror mirror) {
        return ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
    }

    static String simpleName(AnnotationMirror mirror) {
        return mirror.getAnnotationType().asElement().getSimpleName().toString();
    }

    /** The explicit {@code value()} of {@code mirror}, or null when it uses the default. */
    static Object value(AnnotationMirror mirror) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e : mirror.getElementValues().entrySet()) {
            if (e.getKey().getSimpleName().contentEquals("value")) {
                return e.getValue().getValue();
            }
        }
        return null;
    }

    /** The explicit boolean element {@code name} of {@code mirror}, or false when it uses the default. */
    static boolean booleanValue(AnnotationMirror mirror, String name) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e : mirror.getElementValues().entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(name)) {
                return Boolean.TRUE.equals(e.getValue().getValue());
            }
        }
        return false;
    }

    /** The explicit string {@code value()} of {@code mirror}, or {@code fallback}. */
    static String stringValue(AnnotationMirror mirror, String fallback) {
        Object value = value(mirror);
        return value == null || value.toString().isEmpty() ? fallback : value.toString();
    }

    /** The simple name of a class generated for {@code type}: {@code Outer$Inner$Routes} for suffix {@code $Routes}. */
    static String generatedName(TypeElement type, String suffix) {
        StringBuilder name = new StringBuilder(type.getSimpleName()).append(suffix);
        for (Element e = type.getEnclosingElement(); e instanceof TypeElement outer; e = e.getEnclosingElement()) {
            name.insert(0, outer.getSimpleName() + "$");
        }
        return name.toString();
    }

    /** {@code qualifiedName} as code in package {@code from} writes it: simple when in that package. */
    static String relative(String qualifiedName, String from) {
        int dot = qualifiedName.lastIndexOf('.');
        String pkg = dot < 0 ? "" : qualifiedName.substring(0, dot);
        return pkg.equals(from) ? qualifiedName.substring(dot + 1) : qualifiedName;
    }

    /** {@code value} as a Java string literal. */
    static String literal(String value) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < ' ') {
                sb.append(String.format("\\%03o", (int) c));
            } else if (c > '~') {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}
