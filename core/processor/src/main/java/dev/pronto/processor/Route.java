package dev.pronto.processor;

import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;

/**
 * One route to generate: an HTTP method annotation on a controller method.
 *
 * @param method the controller method
 * @param annotation the HTTP method annotation, highlighted in route errors
 * @param path the full pattern
 * @param arguments the call's arguments, in parameter order
 * @param result how the return value is sent
 * @param options blocking and status
 */
record Route(ExecutableElement method, AnnotationMirror annotation, PathTemplate path, List<Argument> arguments,
        Result result, Options options) {

    /**
     * Per-method settings.
     *
     * @param blocking whether the route runs on a virtual thread
     * @param status the {@code @Status} code, or 0 for none
     * @param roles the {@code @RolesAllowed} roles, empty for an open route
     * @param json whether the route answers {@code application/json} only (then a request whose
     *             {@code Accept} excludes it gets 406 before the method runs)
     */
    record Options(boolean blocking, int status, List<String> roles, boolean json) {
    }

    /** The HTTP verb, e.g. {@code GET}. */
    String verb() {
        return Names.simpleName(annotation).toUpperCase(java.util.Locale.ROOT);
    }

    /** The {@code Routes} method registering it, e.g. {@code get}. */
    String register() {
        return Names.HTTP_METHODS.get(Names.qualifiedName(annotation));
    }

    /** {@code Users.byId}, for messages. */
    String describe() {
        return method.getEnclosingElement().getSimpleName() + "." + method.getSimpleName();
    }
}
