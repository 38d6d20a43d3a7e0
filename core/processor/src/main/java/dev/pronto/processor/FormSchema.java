package dev.pronto.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/**
 * The OpenAPI request body of a route with {@code @Form} or {@code @FilePart} parameters: an object schema
 * with one property per field or file part, under {@code multipart/form-data} (and, without file parts,
 * {@code application/x-www-form-urlencoded} too).
 */
final class FormSchema {
    /**
     * A file part: {@code contentMediaType} is OpenAPI 3.1's spelling, {@code format: binary} the one
     * common generators (openapi-python-client, openapi-generator) turn into a file upload.
     */
    private static final Map<String, Object> BINARY = Map.of("type", "string", "format", "binary",
            "contentMediaType", "application/octet-stream");

    private FormSchema() {
    }

    /**
     * A form field's schema. A text field carries any value as text ({@code 5} arrives as the string
     * {@code "5"}, which the field takes), so it keeps its constraints but states no JSON type: a type
     * would promise a refusal the wire cannot express.
     */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> field(Map<String, Object> schema) {
        if ("string".equals(schema.get("type")) && !schema.containsKey("format") && !schema.containsKey("enum")) {
            schema.remove("type");
            schema.putIfAbsent("description", "Text: any value, read as its text");
        } else if ("array".equals(schema.get("type")) && schema.get("items") instanceof Map<?, ?> items) {
            Map<String, Object> copy = JsonText.object();
            copy.putAll((Map<String, Object>) items);
            schema.put("items", field(copy));
        }
        return schema;
    }

    /** The request body object, or null when the route reads no form. */
    static Map<String, Object> requestBody(Route route, Schemas schemas) {
        String form = RoutesWriter.form(route);
        if (form == null) {
            return null;
        }
        Map<String, Object> properties = JsonText.object();
        List<String> required = new ArrayList<>();
        for (VariableElement param : route.method().getParameters()) {
            AnnotationMirror field = Names.find(param, Names.ANNOTATIONS + "Form");
            AnnotationMirror file = Names.find(param, Names.FILE_PART);
            AnnotationMirror mirror = field != null ? field : file;
            if (mirror == null) {
                continue;
            }
            String name = Names.stringValue(mirror, param.getSimpleName().toString());
            TypeMirror type = param.asType();
            String erased = schemas.erased(type);
            boolean list = erased.equals("java.util.List");
            properties.put(name, file == null ? field(schemas.of(type, List.of(param)))
                    : list ? Map.of("type", "array", "items", BINARY) : BINARY);
            if (!list && !schemas.optional(type)) {
                required.add(name);
            }
        }
        Map<String, Object> schema = JsonText.object();
        schema.put("type", "object");
        schema.put("properties", properties);
        if (!required.isEmpty()) {
            schema.put("required", required);
        }
        Map<String, Object> content = JsonText.object();
        content.put("multipart/form-data", Map.of("schema", schema));
        if (form.equals("formData")) {
            content.put("application/x-www-form-urlencoded", Map.of("schema", schema));
        }
        Map<String, Object> body = JsonText.object();
        body.put("required", true);
        body.put("content", content);
        return body;
    }
}
