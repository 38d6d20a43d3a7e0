package dev.pronto.processor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.JavaFileObject;

/**
 * Reads the constraints of route parameters and, transitively through {@code @Body} and
 * {@code @Valid}, of the classes they hold, into the {@link ValidatedType}s that get a
 * {@code <Type>$Validator}. Lives as long as the processor, so each class is read and written once.
 */
final class ValidationReader {
    private static final String VALID_APPLIES = "@Valid applies to records and classes, and to Lists, "
            + "collections, arrays and Optionals of them, not ";

    private final Types types;
    private final Elements elements;
    private final Messager messager;
    private final Constraints constraints;
    private final Properties properties;
    private final Map<String, ValidatedType> models = new HashMap<>();
    private final Set<String> reading = new HashSet<>();
    private final Set<String> failed = new HashSet<>();
    private final Set<String> wanted = new LinkedHashSet<>();
    private final Set<String> written = new HashSet<>();

    ValidationReader(ProcessingEnvironment env) {
        this.types = env.getTypeUtils();
        this.elements = env.getElementUtils();
        this.messager = env.getMessager();
        this.constraints = new Constraints(types, elements);
        this.properties = new Properties(elements);
    }

    /**
     * One value to check.
     *
     * @param name its parameter or property name
     * @param field its name in field errors
     * @param read the expression producing it
     * @param type its declared type
     * @param hint names its constants, e.g. {@code search q} for a parameter
     */
    record Value(String name, String field, String read, TypeMirror type, String hint) {
    }

    /**
     * The checks of route parameter {@code param}, or null when it has none. A {@code @Body} of a
     * class with constraints is validated without {@code @Valid}.
     */
    Checked parameter(VariableElement param, Value value, Constants constants) throws RouteException {
        boolean body = Names.find(param, Names.BODY) != null;
        TypeAnnotations.checkOnlyValid(param, body);
        Checked checked = read(value, List.of(param), constants);
        if (body && checked.cascade() == null) {
            checked = new Checked(checked.name(), checked.field(), checked.read(), checked.optional(), checked.checks(),
                    implicit(value.type()));
        }
        return checked.checks().isEmpty() && checked.cascade() == null ? null : checked;
    }

    /** The validators read since the last call, to write. */
    List<ValidatedType> drain() {
        List<ValidatedType> ready = new ArrayList<>();
        for (String name : wanted) {
            ValidatedType model = models.get(name);
            if (model != null && written.add(name)) {
                ready.add(model);
            }
        }
        return ready;
    }

    Checked read(Value value, List<? extends Element> annotated, Constants constants) throws RouteException {
        TypeMirror type = value.type();
        boolean optional = isOptional(type);
        TypeMirror checkedType = optional ? argument(type) : type;
        TypeAnnotations.checkTypeArguments(type, annotated.get(0));
        TypeAnnotations.checkTypeArguments(checkedType, annotated.get(0));
        List<Check> checks = new ArrayList<>();
        Element valid = null;
        for (Element element : annotated) {
            checks.addAll(constraints.read(element, checkedType, constants, value.hint()));
            boolean marked = Names.find(element, Constraints.VALID) != null || TypeAnnotations.hasValidType(element);
            valid = marked ? element : valid;
        }
        Checked.Cascade cascade = valid == null ? null : cascade(checkedType, valid);
        return new Checked(value.name(), value.field(), value.read(), optional, List.copyOf(checks), cascade);
    }

    private Checked.Cascade cascade(TypeMirror type, Element site) throws RouteException {
        if (type instanceof ArrayType array) {
            return new Checked.Cascade(Checked.Shape.ARRAY, validator(array.getComponentType(), type, site));
        }
        if (type.getKind() == TypeKind.DECLARED && ValueKind.isA(type, "java.util.Collection", types, elements)) {
            Checked.Shape shape = ValueKind.isA(type, "java.util.List", types, elements)
                    ? Checked.Shape.LIST : Checked.Shape.ITERABLE;
            return new Checked.Cascade(shape, validator(argument(type), type, site));
        }
        return new Checked.Cascade(Checked.Shape.SINGLE, validator(type, type, site));
    }

    /** The validator of {@code type}, read now if needed; {@code described} names the annotated type in errors. */
    private String validator(TypeMirror type, TypeMirror described, Element site) throws RouteException {
        TypeElement element = validatable(type);
        if (element == null) {
            throw new RouteException(VALID_APPLIES + ValueKind.describe(described), site);
        }
        checkAccess(element, site);
        String name = validatorName(element);
        if (!external(element, name)) {
            model(element);
            wanted.add(name);
        }
        return name;
    }

    /** The validator of a {@code @Body} type without {@code @Valid}, when it has constraints. */
    private Checked.Cascade implicit(TypeMirror type) throws RouteException {
        boolean array = type instanceof ArrayType;
        TypeElement element = validatable(array ? ((ArrayType) type).getComponentType() : type);
        if (element == null || element.getModifiers().contains(Modifier.PRIVATE)) {
            return null;
        }
        String name = validatorName(element);
        boolean external = external(element, name);
        if (!external && model(element).properties().isEmpty()) {
            return null;
        }
        if (!external) {
            wanted.add(name);
        }
        return new Checked.Cascade(array ? Checked.Shape.ARRAY : Checked.Shape.SINGLE, name);
    }

    private ValidatedType model(TypeElement type) throws RouteException {
        String name = validatorName(type);
        if (failed.contains(name)) {
            throw RouteException.reported();
        }
        ValidatedType model = models.get(name);
        if (model != null || !reading.add(name)) {
            return model;
        }
        try {
            model = readType(type, name);
        } finally {
            reading.remove(name);
        }
        if (model == null) {
            failed.add(name);
            throw RouteException.reported();
        }
        models.put(name, model);
        return model;
    }

    /** The model of {@code type}, or null when errors were reported. */
    private ValidatedType readType(TypeElement type, String qualifiedName) {
        Constants constants = new Constants();
        List<Checked> checked = new ArrayList<>();
        boolean ok = true;
        for (Properties.Property property : properties.of(type)) {
            try {
                String read = property.accessor() == null ? null : "value." + property.accessor() + "()";
                Value value = new Value(property.name(), property.name(), read, property.type(), property.name());
                Checked c = withoutNulls(read(value, property.annotated(), constants), property.type());
                if (!c.checks().isEmpty() || c.cascade() != null) {
                    properties.checkAccessor(property);
                    checked.add(c);
                }
            } catch (RouteException e) {
                e.print(messager);
                ok = false;
            }
        }
        String packageName = packageOf(type);
        String simpleName = packageName.isEmpty() ? qualifiedName : qualifiedName.substring(packageName.length() + 1);
        String reference = type.getQualifiedName().toString().substring(packageName.isEmpty() ? 0 : packageName.length() + 1);
        return ok ? new ValidatedType(type, packageName, reference, simpleName, List.copyOf(checked), constants) : null;
    }

    /**
     * {@code checked} plus a check that a collection or map holds no null: the document's {@code items} and
     * {@code additionalProperties} do not allow null, while DSL-JSON reads {@code [null]} as a null element.
     */
    private Checked withoutNulls(Checked checked, TypeMirror type) {
        TypeMirror held = isOptional(type) ? argument(type) : type;
        String failure;
        if (held.getKind() != TypeKind.DECLARED) {
            return checked;
        } else if (ValueKind.isA(held, "java.util.Collection", types, elements)) {
            failure = "# != null && #.stream().anyMatch(java.util.Objects::isNull)";
        } else if (ValueKind.isA(held, "java.util.Map", types, elements)) {
            failure = "# != null && #.values().stream().anyMatch(java.util.Objects::isNull)";
        } else {
            return checked;
        }
        List<Check> checks = new ArrayList<>(checked.checks());
        checks.add(new Check(failure, "must not contain null"));
        return new Checked(checked.name(), checked.field(), checked.read(), checked.optional(), List.copyOf(checks),
                checked.cascade());
    }

    /** A record or class the processor can read, or null. */
    private TypeElement validatable(TypeMirror type) {
        if (!(type instanceof DeclaredType declared) || !declared.getTypeArguments().isEmpty()) {
            return null;
        }
        TypeElement element = (TypeElement) declared.asElement();
        String name = element.getQualifiedName().toString();
        boolean platform = name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.");
        boolean kind = element.getKind() == ElementKind.RECORD || element.getKind() == ElementKind.CLASS;
        return kind && !platform && element.getTypeParameters().isEmpty() ? element : null;
    }

    private static void checkAccess(TypeElement type, Element site) throws RouteException {
        for (Element e = type; e instanceof TypeElement t; e = e.getEnclosingElement()) {
            if (t.getModifiers().contains(Modifier.PRIVATE)) {
                throw new RouteException(t.getSimpleName() + " must not be private; its generated "
                        + Names.generatedName(type, "$Validator") + " reads it from the same package", site);
            }
        }
        if (type.getNestingKind().compareTo(NestingKind.MEMBER) > 0
                || type.getNestingKind() == NestingKind.MEMBER && !type.getModifiers().contains(Modifier.STATIC)) {
            throw new RouteException(type.getSimpleName() + " must be top-level or a static nested class to be validated", site);
        }
    }

    /** Whether {@code type} comes compiled from a library that already has its validator. */
    private boolean external(TypeElement type, String validator) {
        JavaFileObject file = elements.getFileObjectOf(type);
        return file != null && file.getKind() == JavaFileObject.Kind.CLASS && elements.getTypeElement(validator) != null;
    }

    private String validatorName(TypeElement type) {
        String packageName = packageOf(type);
        String name = Names.generatedName(type, "$Validator");
        return packageName.isEmpty() ? name : packageName + "." + name;
    }

    private String packageOf(TypeElement type) {
        var pkg = elements.getPackageOf(type);
        return pkg.isUnnamed() ? "" : pkg.getQualifiedName().toString();
    }

    private boolean isOptional(TypeMirror type) {
        return type.getKind() == TypeKind.DECLARED && types.erasure(type).toString().equals("java.util.Optional");
    }

    /** The first type argument of {@code type}, or {@code Object} for a raw type. */
    private TypeMirror argument(TypeMirror type) {
        List<? extends TypeMirror> args = ((DeclaredType) type).getTypeArguments();
        return args.isEmpty() ? elements.getTypeElement("java.lang.Object").asType() : args.get(0);
    }
}
