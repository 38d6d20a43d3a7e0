package dev.pronto.processor;

import java.util.List;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * JSON Schemas (OpenAPI 3.1 dialect) of Java types as DSL-JSON encodes them: records and classes
 * become named components referenced with {@code $ref}, so nested and recursive types appear once.
 * Read through {@code javax.lang.model} only.
 */
final class Schemas {
    private final Types types;
    private final Elements elements;
    private final Properties properties;
    private final SchemaKeywords keywords;
    private final Map<String, Object> components;

    /** Schemas whose named components go into {@code components}, shared by every document part. */
    Schemas(Types types, Elements elements, Map<String, Object> components) {
        this.types = types;
        this.elements = elements;
        this.properties = new Properties(elements);
        this.keywords = new SchemaKeywords(elements);
        this.components = components;
    }

    /** The schema of {@code type}, or of the value of an {@code Optional}, with the constraints of {@code annotated}. */
    Map<String, Object> of(TypeMirror type, List<? extends Element> annotated) {
        Map<String, Object> schema = of(unwrapOptional(type));
        for (Element element : annotated) {
            keywords.add(element, schema);
        }
        return schema;
    }

    /** Whether {@code type} is an {@code Optional}. */
    boolean optional(TypeMirror type) {
        return erased(type).equals("java.util.Optional");
    }

    /** The value type of an {@code Optional} or {@code CompletionStage}, else {@code type}. */
    TypeMirror unwrapOptional(TypeMirror type) {
        return optional(type) ? argument(type, 0) : type;
    }

    /** The schema of {@code type} without constraints. */
    Map<String, Object> of(TypeMirror type) {
        Map<String, Object> schema = ScalarSchemas.of(erased(type));
        if (!schema.isEmpty()) {
            return schema;
        }
        if (type instanceof ArrayType array) {
            schema.put("type", "array");
            schema.put("items", of(array.getComponentType()));
            return schema;
        }
        if (!(type instanceof DeclaredType declared)) {
            return schema;
        }
        if (ValueKind.isA(type, "java.util.Map", types, elements)) {
            schema.put("type", "object");
            schema.put("additionalProperties", of(argument(type, 1)));
            return schema;
        }
        if (ValueKind.isA(type, "java.util.Collection", types, elements)) {
            schema.put("type", "array");
            schema.put("items", of(argument(type, 0)));
            // no uniqueItems for a Set: binding collapses duplicates instead of refusing them, and the document
            // says what the server accepts
            return schema;
        }
        if (optional(type)) {
            return of(argument(type, 0));
        }
        return named((TypeElement) declared.asElement(), schema);
    }

    private Map<String, Object> named(TypeElement element, Map<String, Object> schema) {
        String qualified = element.getQualifiedName().toString();
        boolean platform = qualified.startsWith("java.") || qualified.startsWith("javax.");
        boolean readable = element.getKind() == ElementKind.ENUM || element.getKind() == ElementKind.RECORD
                || element.getKind() == ElementKind.CLASS;
        if (platform || !readable || !element.getTypeParameters().isEmpty()) {
            return schema;
        }
        String name = componentName(element);
        schema.put("$ref", "#/components/schemas/" + name);
        if (!components.containsKey(name)) {
            // Placed before reading so a record that refers to itself finds its name taken.
            components.put(name, JsonText.object());
            components.put(name, element.getKind() == ElementKind.ENUM ? enumeration(element) : object(element));
        }
        return schema;
    }

    private Map<String, Object> enumeration(TypeElement element) {
        Map<String, Object> schema = JsonText.object();
        schema.put("type", "string");
        schema.put("enum", element.getEnclosedElements().stream()
                .filter(e -> e.getKind() == ElementKind.ENUM_CONSTANT).map(e -> e.getSimpleName().toString()).toList());
        Javadoc.describe(elements.getDocComment(element), schema);
        return schema;
    }

    private Map<String, Object> object(TypeElement element) {
        Map<String, Object> schema = JsonText.object();
        Map<String, Object> props = JsonText.object();
        List<String> required = new java.util.ArrayList<>();
        for (Properties.Property property : properties.of(element)) {
            JsonAttributes json = JsonAttributes.of(property.name(), property.annotated());
            if (json.ignored()) {
                continue;
            }
            Map<String, Object> propertySchema = of(property.type(), property.annotated());
            props.put(json.name(), propertySchema);
            // Required is what binding enforces: DSL-JSON's mandatory, a @NotNull-like constraint, or
            // a primitive whose default (what DSL-JSON reads for an absent one) a constraint refuses;
            // any other primitive may be left out and reads as its default.
            boolean primitive = property.type().getKind().isPrimitive();
            if (json.mandatory() || keywords.required(property.annotated())
                    || primitive && keywords.defaultFails(property.annotated())) {
                required.add(json.name());
            } else if (primitive) {
                propertySchema.put("default", property.type().getKind() == javax.lang.model.type.TypeKind.BOOLEAN
                        ? (Object) false : (Object) 0);
            } else {
                // The one rule for optional properties: DSL-JSON reads an explicit null as absent and
                // writes an absent (null) one as null, so an optional property is nullable.
                props.put(json.name(), nullable(propertySchema));
            }
        }
        schema.put("type", "object");
        schema.put("properties", props);
        if (!required.isEmpty()) {
            schema.put("required", required);
        }
        Javadoc.describe(elements.getDocComment(element), schema);
        return schema;
    }

    /** {@code schema} admitting null too: a second type, or {@code anyOf} with null around a reference. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> nullable(Map<String, Object> schema) {
        Object type = schema.get("type");
        if (type instanceof String single && !schema.containsKey("enum") && !schema.containsKey("const")) {
            schema.put("type", List.of(single, "null"));
            return schema;
        }
        Map<String, Object> either = JsonText.object();
        either.put("anyOf", List.of(schema, Map.of("type", "null")));
        return either;
    }

    /** {@code Model.Item} for a nested type: names stay readable and unique within a package. */
    static String componentName(TypeElement element) {
        StringBuilder name = new StringBuilder(element.getSimpleName());
        for (Element e = element.getEnclosingElement(); e instanceof TypeElement outer; e = e.getEnclosingElement()) {
            name.insert(0, outer.getSimpleName() + ".");
        }
        return name.toString();
    }

    /** The {@code index}th type argument, or {@code Object} for a raw or wildcard one. */
    TypeMirror argument(TypeMirror type, int index) {
        List<? extends TypeMirror> args = ((DeclaredType) type).getTypeArguments();
        if (args.size() <= index || args.get(index).getKind() != TypeKind.DECLARED && args.get(index).getKind() != TypeKind.ARRAY) {
            return elements.getTypeElement("java.lang.Object").asType();
        }
        return args.get(index);
    }

    Types types() {
        return types;
    }

    String erased(TypeMirror type) {
        return types.erasure(type).toString();
    }
}
