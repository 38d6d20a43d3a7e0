package dev.pronto.processor;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The {@code JsonShape} initializer of a body type: where its JSON must hold numbers. DSL-JSON reads a
 * quoted number for a numeric property; the document says {@code integer} or {@code number}, so the
 * generated route checks the body's bytes against this shape (see {@code Params.numbers}).
 */
final class NumberShapes {
    private static final String SHAPE = "dev.pronto.core.annotation.JsonShape";
    private final Types types;
    private final Elements elements;
    private final Properties properties;

    NumberShapes(Types types, Elements elements) {
        this.types = types;
        this.elements = elements;
        this.properties = new Properties(elements);
    }

    /** The Java expression building {@code type}'s shape, or null when it holds no number. */
    String of(TypeMirror type) {
        return of(type, new HashSet<>());
    }

    private String of(TypeMirror type, Set<String> reading) {
        switch (ValueKind.of(type, types, elements)) {
            case INTEGRAL, FLOATING, BIG_INTEGER, BIG_DECIMAL -> {
                return SHAPE + ".NUMBER";
            }
            case ARRAY -> {
                TypeMirror component = ((ArrayType) type).getComponentType();
                return component.getKind() == TypeKind.BYTE ? null : wrap("array", of(component, reading));
            }
            case COLLECTION -> {
                return wrap("array", of(argument(type, 0), reading));
            }
            case MAP -> {
                return wrap("map", of(argument(type, 1), reading));
            }
            default -> {
                return declared(type, reading);
            }
        }
    }

    private String declared(TypeMirror type, Set<String> reading) {
        if (!(type instanceof DeclaredType declared) || !(declared.asElement() instanceof TypeElement element)) {
            return null;
        }
        String name = element.getQualifiedName().toString();
        if (name.equals("java.util.Optional")) {
            return of(argument(type, 0), reading);
        }
        boolean readable = element.getKind() == ElementKind.RECORD || element.getKind() == ElementKind.CLASS;
        if (name.startsWith("java.") || name.startsWith("javax.") || !readable
                || !element.getTypeParameters().isEmpty() || !reading.add(name)) {
            return null;    // a type that refers to itself is checked down to its first repetition
        }
        List<String> entries = new ArrayList<>();
        for (Properties.Property property : properties.of(element)) {
            JsonAttributes json = JsonAttributes.of(property.name(), property.annotated());
            String shape = json.ignored() ? null : of(property.type(), reading);
            if (shape != null) {
                entries.add("java.util.Map.entry(" + Names.literal(json.name()) + ", " + shape + ")");
            }
        }
        reading.remove(name);
        return entries.isEmpty() ? null : SHAPE + ".object(java.util.Map.ofEntries(" + String.join(", ", entries) + "))";
    }

    private static String wrap(String kind, String inner) {
        return inner == null ? null : SHAPE + "." + kind + "(" + inner + ")";
    }

    private TypeMirror argument(TypeMirror type, int index) {
        List<? extends TypeMirror> args = ((DeclaredType) type).getTypeArguments();
        return args.size() > index ? args.get(index) : elements.getTypeElement("java.lang.Object").asType();
    }
}
