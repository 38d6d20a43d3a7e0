package dev.pronto.processor;

import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/** Chooses, at compile time, the expression that produces each argument of a route method. */
final class ParamBinder {
    private static final Map<String, String> CONVERTERS = Map.ofEntries(
            Map.entry("java.lang.String", "string"), Map.entry("int", "intValue"),
            Map.entry("java.lang.Integer", "intValue"), Map.entry("long", "longValue"),
            Map.entry("java.lang.Long", "longValue"), Map.entry("short", "shortValue"),
            Map.entry("java.lang.Short", "shortValue"), Map.entry("byte", "byteValue"),
            Map.entry("java.lang.Byte", "byteValue"), Map.entry("double", "doubleValue"),
            Map.entry("java.lang.Double", "doubleValue"), Map.entry("float", "floatValue"),
            Map.entry("java.lang.Float", "floatValue"), Map.entry("boolean", "booleanValue"),
            Map.entry("java.lang.Boolean", "booleanValue"), Map.entry("char", "charValue"),
            Map.entry("java.lang.Character", "charValue"), Map.entry("java.util.UUID", "uuid"));
    private static final String NEEDS = "@PathParam, @Query, @Header, @Cookie, @Form, @FilePart or @Body";

    private final Types types;
    private final ValidationReader validation;
    private final NumberShapes shapes;

    ParamBinder(Types types, javax.lang.model.util.Elements elements, ValidationReader validation) {
        this.types = types;
        this.validation = validation;
        this.shapes = new NumberShapes(types, elements);
    }

    /**
     * The argument for {@code param}, with its constraint checks.
     *
     * @param constants where the checks of the generated routes class put their static fields
     */
    Argument bind(VariableElement param, Constants constants) throws RouteException {
        List<AnnotationMirror> sources = Names.findAll(param, Names.SOURCES);
        AnnotationMirror body = Names.find(param, Names.BODY);
        AnnotationMirror file = Names.find(param, Names.FILE_PART);
        if (sources.size() + (body == null ? 0 : 1) + (file == null ? 0 : 1) > 1) {
            throw new RouteException("parameter '" + param.getSimpleName() + "' has more than one of " + NEEDS, param);
        }
        if (file != null) {
            return filePart(param, Names.stringValue(file, param.getSimpleName().toString()));
        }
        String hint = param.getEnclosingElement().getSimpleName() + " " + param.getSimpleName();
        if (body != null) {
            String expression = bodyExpression(param, Names.booleanValue(body, "anyContentType"));
            String shape = expression.endsWith(".class)") ? shapes.of(param.asType()) : null;
            if (shape != null) {
                // DSL-JSON reads "3" as a number; the document's integer and number do not
                String field = constants.add(hint + " numbers", "dev.pronto.core.annotation.JsonShape", shape);
                expression = "Params.numbers(" + expression + ", req, " + field + ")";
            }
            var value = new ValidationReader.Value(param.getSimpleName().toString(), "body", expression, param.asType(), hint);
            return new Argument(expression, null, true, validation.parameter(param, value, constants));
        }
        if (sources.isEmpty()) {
            return contextArgument(param);
        }
        AnnotationMirror mirror = sources.get(0);
        Source source = Names.SOURCES.get(Names.qualifiedName(mirror));
        String name = Names.stringValue(mirror, param.getSimpleName().toString());
        String expression = convert(param, source, name);
        var value = new ValidationReader.Value(param.getSimpleName().toString(), source.field + "." + name, expression,
                param.asType(), hint);
        return new Argument(expression, source == Source.PATH ? name : null, false,
                validation.parameter(param, value, constants));
    }

    /** A {@code @FilePart}: {@code FileUpload}, {@code Optional<FileUpload>} or {@code List<FileUpload>}. */
    private Argument filePart(VariableElement param, String name) throws RouteException {
        if (Constraints.constrained(param)) {
            throw new RouteException("constraints do not apply to @FilePart parameter '" + param.getSimpleName() + "'", param);
        }
        TypeMirror type = param.asType();
        String raw = erasedName(type);
        TypeMirror element = raw.equals(Names.FILE_UPLOAD) ? null : typeArgument(type);
        boolean ofUploads = element != null && erasedName(element).equals(Names.FILE_UPLOAD);
        String quoted = Names.literal(name);
        if (raw.equals(Names.FILE_UPLOAD)) {
            return Argument.of("Params.filePart(form$, " + quoted + ")");
        } else if (ofUploads && raw.equals("java.util.Optional")) {
            return Argument.of("java.util.Optional.ofNullable(Params.optionalFilePart(form$, " + quoted + "))");
        } else if (ofUploads && raw.equals("java.util.List")) {
            return Argument.of("Params.fileParts(form$, " + quoted + ")");
        }
        throw new RouteException("unsupported type " + type + " for @FilePart parameter '" + param.getSimpleName()
                + "'; use FileUpload, Optional<FileUpload> or List<FileUpload>", param);
    }

    private Argument contextArgument(VariableElement param) throws RouteException {
        if (Constraints.constrained(param)) {
            throw new RouteException("constraints apply to @PathParam, @Query, @Header, @Cookie and @Body parameters, "
                    + "not to '" + param.getSimpleName() + "'", param);
        }
        String type = types.erasure(param.asType()).toString();
        if (type.equals(Names.REQUEST)) {
            return Argument.of("req");
        }
        if (type.equals(Names.RESPONSE)) {
            return Argument.of("res");
        }
        throw new RouteException("parameter '" + param.getSimpleName() + "' needs " + NEEDS
                + ", or type Request or Response", param);
    }

    private String convert(VariableElement param, Source source, String name) throws RouteException {
        TypeMirror type = param.asType();
        String quoted = Names.literal(name);
        String args = "(" + source.getter + "(" + quoted + "), " + quoted + ", Params." + source.constant;
        String raw = erasedName(type);
        if (raw.equals("java.util.Optional") && source.allowsOptional()) {
            String ref = reference(typeArgument(type), unsupported(param, source));
            return "Params.optional" + args + ", " + ref + ")";
        }
        if (raw.equals("java.util.List") && source.allowsList()) {
            TypeMirror element = typeArgument(type);
            if (element != null && erasedName(element).equals("java.lang.String")) {
                return source.listGetter() + "(" + quoted + ")";
            }
            String ref = reference(element, unsupported(param, source));
            return "Params.list(" + source.listGetter() + "(" + quoted + "), " + quoted + ", Params."
                    + source.constant + ", " + ref + ")";
        }
        String converter = CONVERTERS.get(raw);
        if (converter != null) {
            return "Params." + converter + args + ")";
        }
        if (isEnum(type)) {
            return "Params.enumValue(" + raw + ".class, " + args.substring(1) + ")";
        }
        throw unsupported(param, source);
    }

    private String reference(TypeMirror type, RouteException unsupported) throws RouteException {
        if (type == null) {
            throw unsupported;
        }
        String raw = erasedName(type);
        String converter = CONVERTERS.get(raw);
        if (converter != null && type.getKind() == TypeKind.DECLARED) {
            return "Params::" + converter;
        }
        if (isEnum(type)) {
            return "(raw, name, source) -> Params.enumValue(" + raw + ".class, raw, name, source)";
        }
        throw unsupported;
    }

    private String bodyExpression(VariableElement param, boolean anyContentType) throws RouteException {
        TypeMirror type = param.asType();
        String raw = erasedName(type);
        String fixed = switch (raw) {
            case "java.lang.String" -> "req.bodyString()";
            case "byte[]" -> "req.bodyBytes()";
            case Names.BYTE_BUF -> "req.body()";
            case "java.io.InputStream" -> "req.bodyStream()";
            default -> null;
        };
        if (fixed != null) {
            return fixed;
        }
        boolean plainClass = type instanceof DeclaredType d && d.getTypeArguments().isEmpty()
                && !raw.equals("java.util.Optional");
        if (plainClass || type instanceof ArrayType a && a.getComponentType().getKind() == TypeKind.DECLARED) {
            // a JSON body must not be parsed out of a text/plain or form request unless the route opts out
            return anyContentType ? "req.json(" + raw + ".class)" : "Params.jsonBody(req, " + raw + ".class)";
        }
        throw new RouteException("unsupported type " + type + " for @Body parameter '" + param.getSimpleName()
                + "'; use String, byte[], ByteBuf, InputStream, or a non-generic class or array decoded as JSON", param);
    }

    private RouteException unsupported(VariableElement param, Source source) {
        AnnotationMirror mirror = Names.findAll(param, Names.SOURCES).get(0);
        return new RouteException("unsupported type " + param.asType() + " for @" + Names.simpleName(mirror)
                + " parameter '" + param.getSimpleName() + "'; use " + source.accepted(), param);
    }

    private static TypeMirror typeArgument(TypeMirror type) {
        List<? extends TypeMirror> args = ((DeclaredType) type).getTypeArguments();
        return args.size() == 1 && args.get(0).getKind() == TypeKind.DECLARED ? args.get(0) : null;
    }

    private boolean isEnum(TypeMirror type) {
        return type.getKind() == TypeKind.DECLARED
                && ((DeclaredType) type).asElement().getKind() == ElementKind.ENUM;
    }

    private String erasedName(TypeMirror type) {
        return types.erasure(type).toString();
    }
}
