package dev.pronto.processor;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * The properties of a validated class, read through accessor methods: record components (their
 * annotations as the component declares them), and for other classes fields with a getter
 * ({@code getName()}, {@code isActive()} or {@code name()}) and constrained getters on their own.
 * Superclass properties follow the class's own.
 */
final class Properties {
    private final Elements elements;

    Properties(Elements elements) {
        this.elements = elements;
    }

    /**
     * One property.
     *
     * @param name its name, e.g. {@code price}
     * @param accessor the name of its accessor method, or null when it has none
     * @param type its type
     * @param annotated the elements whose annotations apply: the field, then the accessor
     */
    record Property(String name, String accessor, TypeMirror type, List<Element> annotated) {
    }

    /** The properties of {@code type}, in declaration order. */
    List<Property> of(TypeElement type) {
        return type.getKind() == ElementKind.RECORD ? recordComponents(type) : classProperties(type);
    }

    /** Rejects a constrained property without an accessor: generated code never reads fields. */
    void checkAccessor(Property property) throws RouteException {
        if (property.accessor() == null) {
            String getter = "get" + Character.toUpperCase(property.name().charAt(0)) + property.name().substring(1);
            throw new RouteException("constrained field '" + property.name() + "' needs a non-private accessor, "
                    + getter + "() or " + property.name() + "(), for its generated validator", property.annotated().get(0));
        }
    }

    private List<Property> recordComponents(TypeElement type) {
        List<Property> properties = new ArrayList<>();
        List<VariableElement> fields = ElementFilter.fieldsIn(type.getEnclosedElements());
        for (RecordComponentElement component : type.getRecordComponents()) {
            String name = component.getSimpleName().toString();
            // The component's annotations reach its field; javac also copies them onto the accessor.
            Element field = fields.stream().filter(f -> f.getSimpleName().contentEquals(name)).findFirst()
                    .<Element>map(f -> f).orElse(component);
            properties.add(new Property(name, name, component.asType(), List.of(field)));
        }
        return properties;
    }

    private List<Property> classProperties(TypeElement type) {
        List<ExecutableElement> methods = ElementFilter.methodsIn(elements.getAllMembers(type)).stream()
                .filter(m -> m.getParameters().isEmpty() && m.getReturnType().getKind() != TypeKind.VOID
                        && !m.getModifiers().contains(Modifier.STATIC) && !m.getModifiers().contains(Modifier.PRIVATE))
                .toList();
        List<Property> properties = new ArrayList<>();
        Set<ExecutableElement> used = new LinkedHashSet<>();
        for (TypeElement t = type; t != null; t = superclass(t)) {
            for (VariableElement field : ElementFilter.fieldsIn(t.getEnclosedElements())) {
                if (field.getModifiers().contains(Modifier.STATIC)) {
                    continue;
                }
                ExecutableElement getter = getter(methods, field.getSimpleName().toString());
                List<Element> annotated = new ArrayList<>(List.of(field));
                if (getter != null) {
                    annotated.add(getter);
                    used.add(getter);
                }
                String accessor = getter == null ? null : getter.getSimpleName().toString();
                properties.add(new Property(field.getSimpleName().toString(), accessor, field.asType(), annotated));
            }
        }
        for (ExecutableElement method : methods) {
            String name = propertyName(method);
            if (!used.contains(method) && name != null && Constraints.constrained(method)) {
                properties.add(new Property(name, method.getSimpleName().toString(), method.getReturnType(), List.of(method)));
            }
        }
        return properties;
    }

    private static ExecutableElement getter(List<ExecutableElement> methods, String name) {
        String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        for (String candidate : List.of("get" + capitalized, "is" + capitalized, name)) {
            for (ExecutableElement method : methods) {
                if (method.getSimpleName().contentEquals(candidate)) {
                    return method;
                }
            }
        }
        return null;
    }

    /** {@code price} for {@code getPrice()}, {@code active} for {@code isActive()}, else null. */
    private static String propertyName(ExecutableElement method) {
        String name = method.getSimpleName().toString();
        for (String prefix : List.of("get", "is")) {
            if (name.length() > prefix.length() && name.startsWith(prefix)
                    && Character.isUpperCase(name.charAt(prefix.length()))) {
                String rest = name.substring(prefix.length());
                return rest.substring(0, 1).toLowerCase(Locale.ROOT) + rest.substring(1);
            }
        }
        return null;
    }

    private TypeElement superclass(TypeElement type) {
        TypeMirror superclass = type.getSuperclass();
        if (!(superclass instanceof DeclaredType declared)) {
            return null;
        }
        TypeElement element = (TypeElement) declared.asElement();
        String name = element.getQualifiedName().toString();
        return name.startsWith("java.") || name.startsWith("javax.") ? null : element;
    }
}
