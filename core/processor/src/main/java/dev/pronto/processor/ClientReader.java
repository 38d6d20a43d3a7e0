package dev.pronto.processor;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

/**
 * Reads an interface carrying the controller annotations into a {@link ClientCall.Contract},
 * reporting every problem as a compile error on the offending element.
 */
final class ClientReader {
    static final String CONTRACT_CLIENT = "dev.pronto.client.http.ContractClient";
    private static final String STAGE = "java.util.concurrent.CompletionStage";

    private final ProcessingEnvironment env;
    private final ControllerReader reporter;
    private int errors;

    ClientReader(ProcessingEnvironment env, ControllerReader reporter) {
        this.env = env;
        this.reporter = reporter;
    }

    /** The contract, or null when an error was reported. */
    ClientCall.Contract read(TypeElement type) {
        errors = 0;
        String prefix = "";
        try {
            checkInterface(type);
            AnnotationMirror path = Names.find(type, Names.PATH);
            prefix = path == null ? "" : Names.stringValue(path, "");
        } catch (RouteException e) {
            report(e);
        }
        List<ClientCall> calls = new ArrayList<>();
        for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
            if (method.getModifiers().contains(Modifier.ABSTRACT)) {
                try {
                    calls.add(call(method, prefix));
                } catch (RouteException e) {
                    report(e);
                }
            }
        }
        var pkg = env.getElementUtils().getPackageOf(type);
        return errors > 0 ? null : new ClientCall.Contract(type, pkg.isUnnamed() ? "" : pkg.getQualifiedName().toString(),
                Names.generatedName(type, "$Client"), List.copyOf(calls));
    }

    private void report(RouteException e) {
        errors++;
        reporter.report(e);
    }

    private void checkInterface(TypeElement type) throws RouteException {
        if (env.getElementUtils().getTypeElement(CONTRACT_CLIENT) == null) {
            throw new RouteException("a contract interface gets a generated client, which needs "
                    + "dev.pronto:pronto-http-client on the class path", type);
        }
        if (type.getModifiers().contains(Modifier.PRIVATE) || type.getNestingKind().compareTo(NestingKind.MEMBER) > 0) {
            throw new RouteException("contract interface must be top-level or a non-private member; the generated "
                    + Names.generatedName(type, "$Client") + " implements it from the same package", type);
        }
        if (!type.getTypeParameters().isEmpty()) {
            throw new RouteException("contract interface must not be generic", type);
        }
        for (ExecutableElement inherited : ElementFilter.methodsIn(env.getElementUtils().getAllMembers(type))) {
            boolean own = inherited.getEnclosingElement().equals(type);
            if (!own && inherited.getModifiers().contains(Modifier.ABSTRACT)
                    && inherited.getEnclosingElement().getKind() == javax.lang.model.element.ElementKind.INTERFACE) {
                throw new RouteException("contract interface inherits abstract method " + inherited.getSimpleName()
                        + " from " + inherited.getEnclosingElement().getSimpleName() + "; declare its calls in "
                        + type.getSimpleName() + " itself", type);
            }
        }
    }

    private ClientCall call(ExecutableElement method, String prefix) throws RouteException {
        List<AnnotationMirror> verbs = Names.findAll(method, Names.HTTP_METHODS);
        if (verbs.size() != 1 || !method.getTypeParameters().isEmpty()) {
            throw new RouteException("method " + method.getSimpleName() + " of a contract interface needs exactly one "
                    + "HTTP method annotation and no type parameters; make it a default method otherwise", method);
        }
        AnnotationMirror verb = verbs.get(0);
        PathTemplate path;
        try {
            path = PathTemplate.join(prefix, Names.stringValue(verb, ""));
        } catch (IllegalArgumentException e) {
            throw new RouteException(e.getMessage(), method, verb);
        }
        List<ClientCall.Parameter> parameters = new ArrayList<>();
        for (VariableElement param : method.getParameters()) {
            parameters.add(parameter(param, path, parameters));
        }
        for (String name : path.names()) {
            if (parameters.stream().noneMatch(p -> name.equals(p.wireName()) && p.target() == ClientCall.Target.PATH)) {
                throw new RouteException("unknown path parameter {" + name + "} in " + path.pattern()
                        + "; bind it with a @PathParam parameter named '" + name + "'", method, verb);
            }
        }
        TypeMirror returned = method.getReturnType();
        boolean async = returned.getKind() == TypeKind.DECLARED
                && env.getTypeUtils().erasure(returned).toString().equals(STAGE);
        TypeMirror result = async ? stageArgument((DeclaredType) returned, method) : returned;
        return new ClientCall(method, Names.simpleName(verb).toUpperCase(java.util.Locale.ROOT), path,
                List.copyOf(parameters), resultClass(result, method), async);
    }

    private ClientCall.Parameter parameter(VariableElement param, PathTemplate path, List<ClientCall.Parameter> before)
            throws RouteException {
        String name = param.getSimpleName().toString();
        TypeKind kind = param.asType().getKind();
        // integral primitives go to ContractClient's long overloads: digits appended, nothing boxed
        boolean primitive = kind.isPrimitive() && kind != TypeKind.INT && kind != TypeKind.LONG
                && kind != TypeKind.SHORT && kind != TypeKind.BYTE;
        if (Names.find(param, Names.BODY) != null) {
            if (before.stream().anyMatch(p -> p.target() == ClientCall.Target.BODY)) {
                throw new RouteException("only one @Body parameter is allowed per route", param);
            }
            return new ClientCall.Parameter(name, ClientCall.Target.BODY, null, primitive);
        }
        List<AnnotationMirror> sources = Names.findAll(param, Names.SOURCES);
        Source source = sources.size() == 1 ? Names.SOURCES.get(Names.qualifiedName(sources.get(0))) : null;
        if (source == null || source == Source.COOKIE) {
            throw new RouteException("parameter '" + name + "' of a contract interface needs one of @PathParam, "
                    + "@Query, @Header or @Body", param);
        }
        String wire = Names.stringValue(sources.get(0), name);
        if (source == Source.PATH && !path.names().contains(wire)) {
            throw new RouteException("path parameter '" + wire + "' has no matching {" + wire + "} in "
                    + path.pattern(), param);
        }
        return new ClientCall.Parameter(name, ClientCall.Target.valueOf(source.name()), wire, primitive);
    }

    private TypeMirror stageArgument(DeclaredType stage, ExecutableElement method) throws RouteException {
        TypeMirror argument = stage.getTypeArguments().isEmpty() ? null : stage.getTypeArguments().get(0);
        if (argument == null || argument.getKind() != TypeKind.DECLARED && argument.getKind() != TypeKind.ARRAY) {
            throw new RouteException("the CompletionStage of a contract method needs a type argument such as "
                    + "CompletionStage<Item> or CompletionStage<Void>", method);
        }
        return argument;
    }

    /**
     * What the body is decoded as: a class literal (a non-generic class, an array, a primitive's
     * box), or for a generic type such as {@code List<Item>} an expression building its
     * {@code java.lang.reflect.Type}, which the writer keeps in a constant.
     */
    private String resultClass(TypeMirror type, ExecutableElement method) throws RouteException {
        if (type.getKind() == TypeKind.VOID) {
            return "Void.class";
        }
        if (type.getKind().isPrimitive()) {
            return env.getTypeUtils().boxedClass((javax.lang.model.type.PrimitiveType) type).getQualifiedName() + ".class";
        }
        String expression = typeExpression(type);
        if (expression == null) {
            throw new RouteException("unsupported result " + type + " for a contract method; use void, a primitive, "
                    + "String, byte[], a class or array decoded as JSON, or a generic type of those such as List<Item>",
                    method);
        }
        return expression;
    }

    private String typeExpression(TypeMirror type) {
        if (type instanceof ArrayType array) {
            boolean plain = array.getComponentType().getKind().isPrimitive()
                    || array.getComponentType() instanceof DeclaredType d && d.getTypeArguments().isEmpty();
            return plain ? env.getTypeUtils().erasure(type) + ".class" : null;
        }
        if (!(type instanceof DeclaredType declared)) {
            return null;
        }
        String raw = env.getTypeUtils().erasure(type) + ".class";
        if (declared.getTypeArguments().isEmpty()) {
            return raw;
        }
        StringBuilder sb = new StringBuilder(CONTRACT_CLIENT).append(".type(").append(raw);
        for (TypeMirror argument : declared.getTypeArguments()) {
            String inner = typeExpression(argument);
            if (inner == null) {
                return null;
            }
            sb.append(", ").append(inner);
        }
        return sb.append(')').toString();
    }
}
