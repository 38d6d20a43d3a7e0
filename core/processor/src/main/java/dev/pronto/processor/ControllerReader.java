package dev.pronto.processor;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;

/**
 * Reads one controller class into a {@link Controller}, reporting every problem it finds as a
 * compile error on the offending element.
 */
final class ControllerReader {
    private final ProcessingEnvironment env;
    private final Messager messager;
    private final ParamBinder binder;
    private int errors;
    private Constants constants;
    private List<Controller.WebSocketEndpoint> webSockets;

    ControllerReader(ProcessingEnvironment env, ValidationReader validation) {
        this.env = env;
        this.messager = env.getMessager();
        this.binder = new ParamBinder(env.getTypeUtils(), env.getElementUtils(), validation);
    }

    /** The controller, or null when an error was reported. */
    Controller read(TypeElement type) {
        errors = 0;
        constants = new Constants();
        String prefix = prefix(type);
        List<Route> routes = new ArrayList<>();
        webSockets = new ArrayList<>();
        for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
            AnnotationMirror ws = Names.find(method, Names.WEB_SOCKET);
            if (ws != null) {
                webSocket(method, ws, prefix);
            }
            for (AnnotationMirror mirror : Names.findAll(method, Names.HTTP_METHODS)) {
                Route route = route(method, mirror, prefix);
                if (route != null) {
                    routes.add(route);
                }
            }
        }
        return errors == 0 ? controller(type, routes) : null;
    }

    void report(RouteException e) {
        errors++;
        e.print(messager);
    }

    private String prefix(TypeElement type) {
        try {
            checkClass(type);
            AnnotationMirror path = Names.find(type, Names.PATH);
            if (path == null) {
                return "";
            }
            String prefix = Names.stringValue(path, "");
            try {
                PathTemplate.checkPrefix(prefix);
            } catch (IllegalArgumentException e) {
                throw new RouteException(e.getMessage(), type, path);
            }
            return prefix;
        } catch (RouteException e) {
            report(e);
            return "";
        }
    }

    private static void checkClass(TypeElement type) throws RouteException {
        if (type.getKind() != ElementKind.CLASS && type.getKind() != ElementKind.RECORD) {
            throw new RouteException("routes must be declared in a class, not in " + kind(type), type);
        }
        if (type.getModifiers().contains(Modifier.PRIVATE)) {
            throw new RouteException("controller class must not be private; the generated "
                    + generatedName(type) + " uses it from the same package", type);
        }
        boolean member = type.getNestingKind() == NestingKind.MEMBER;
        if (member && !type.getModifiers().contains(Modifier.STATIC) || type.getNestingKind().compareTo(NestingKind.MEMBER) > 0) {
            throw new RouteException("controller class must be top-level or a static nested class", type);
        }
    }

    private static String kind(TypeElement type) {
        String kind = type.getKind().toString().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        return ("aeiou".indexOf(kind.charAt(0)) >= 0 ? "an " : "a ") + kind;
    }

    private Route route(ExecutableElement method, AnnotationMirror mirror, String prefix) {
        try {
            checkMethod(method);
            PathTemplate path;
            try {
                path = PathTemplate.join(prefix, Names.stringValue(mirror, ""));
            } catch (IllegalArgumentException e) {
                throw new RouteException(e.getMessage(), method, mirror);
            }
            int before = errors;
            List<Argument> arguments = arguments(method, path);
            boolean takesResponse = arguments.stream().anyMatch(a -> a.expression().equals("res"));
            Result result = Result.of(method, takesResponse, env.getTypeUtils(), env.getElementUtils());
            Route.Options options = new Route.Options(blocking(method), status(method), RoleReader.roles(method),
                    Result.answersJson(method, result, env.getTypeUtils(), env.getElementUtils()));
            if (errors == before) {
                checkUnbound(method, mirror, path, arguments);
            }
            return errors == 0 ? new Route(method, mirror, path, arguments, result, options) : null;
        } catch (RouteException e) {
            report(e);
            return null;
        }
    }

    /** A {@code @WebSocketRoute} method: no parameters, an instance method returning a WebSocketHandler. */
    private void webSocket(ExecutableElement method, AnnotationMirror mirror, String prefix) {
        try {
            checkMethod(method);
            if (!method.getParameters().isEmpty() || method.getModifiers().contains(Modifier.STATIC)) {
                throw new RouteException("@WebSocketRoute method must be an instance method without parameters", method, mirror);
            }
            javax.lang.model.element.TypeElement handler = env.getElementUtils().getTypeElement("dev.pronto.core.WebSocketHandler");
            if (handler == null || !env.getTypeUtils().isAssignable(method.getReturnType(), handler.asType())) {
                throw new RouteException("@WebSocketRoute method must return a dev.pronto.core.WebSocketHandler", method, mirror);
            }
            try {
                webSockets.add(new Controller.WebSocketEndpoint(method,
                        PathTemplate.join(prefix, Names.stringValue(mirror, "")).pattern()));
            } catch (IllegalArgumentException e) {
                throw new RouteException(e.getMessage(), method, mirror);
            }
        } catch (RouteException e) {
            report(e);
        }
    }

    private static void checkMethod(ExecutableElement method) throws RouteException {
        if (method.getModifiers().contains(Modifier.PRIVATE)) {
            throw new RouteException("route method must not be private; the generated "
                    + generatedName((TypeElement) method.getEnclosingElement()) + " calls it from the same package",
                    method);
        }
        if (!method.getTypeParameters().isEmpty()) {
            throw new RouteException("route method must not be generic", method);
        }
    }

    private List<Argument> arguments(ExecutableElement method, PathTemplate path) throws RouteException {
        List<Argument> arguments = new ArrayList<>();
        boolean body = false;
        for (VariableElement param : method.getParameters()) {
            try {
                Argument argument = binder.bind(param, constants);
                if (argument.body() && body) {
                    throw new RouteException("only one @Body parameter is allowed per route", param);
                }
                body |= argument.body();
                if (argument.pathName() != null && !path.names().contains(argument.pathName())) {
                    throw new RouteException("path parameter '" + argument.pathName() + "' has no matching {"
                            + argument.pathName() + "} in " + path.pattern(), param);
                }
                arguments.add(argument);
            } catch (RouteException e) {
                report(e);
            }
        }
        return arguments;
    }

    private static void checkUnbound(ExecutableElement method, AnnotationMirror mirror, PathTemplate path,
            List<Argument> arguments) throws RouteException {
        for (String name : path.names()) {
            if (arguments.stream().noneMatch(a -> name.equals(a.pathName()))) {
                throw new RouteException("unknown path parameter {" + name + "} in " + path.pattern()
                        + "; bind it with a @PathParam parameter named '" + name + "'", method, mirror);
            }
        }
    }

    private static boolean blocking(ExecutableElement method) {
        return Names.find(method, Names.BLOCKING) != null || Names.find(method.getEnclosingElement(), Names.BLOCKING) != null;
    }

    private static int status(ExecutableElement method) throws RouteException {
        AnnotationMirror status = Names.find(method, Names.STATUS);
        if (status == null) {
            return 0;
        }
        int code = (Integer) Names.value(status);
        if (code < 100 || code > 599) {
            throw new RouteException("@Status must be in 100..599, got " + code, method, status);
        }
        return code;
    }

    private Controller controller(TypeElement type, List<Route> routes) {
        PackageElement pkg = env.getElementUtils().getPackageOf(type);
        String packageName = pkg.isUnnamed() ? "" : pkg.getQualifiedName().toString();
        String qualified = type.getQualifiedName().toString();
        String reference = packageName.isEmpty() ? qualified : qualified.substring(packageName.length() + 1);
        return new Controller(type, packageName, reference, generatedName(type), List.copyOf(routes), constants,
                List.copyOf(webSockets));
    }

    static String generatedName(TypeElement type) {
        return Names.generatedName(type, "$Routes");
    }
}
