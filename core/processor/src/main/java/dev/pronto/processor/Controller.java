package dev.pronto.processor;

import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * A controller class and its routes.
 *
 * @param type the controller class
 * @param packageName its package, empty for the unnamed package
 * @param reference how generated code in the same package names it, e.g. {@code Outer.Users}
 * @param generatedName the simple name of the generated class, e.g. {@code Outer$Users$Routes}
 * @param routes its routes in declaration order
 * @param constants the static fields of the generated class, such as compiled patterns
 * @param webSockets its {@code @WebSocketRoute} methods, in declaration order
 */
record Controller(TypeElement type, String packageName, String reference, String generatedName, List<Route> routes,
        Constants constants, List<WebSocketEndpoint> webSockets) {
    /**
     * A {@code @WebSocketRoute} method.
     *
     * @param method the method returning the handler
     * @param path the full pattern
     */
    record WebSocketEndpoint(javax.lang.model.element.ExecutableElement method, String path) {
    }

    /** The qualified name of the generated class. */
    String qualifiedGeneratedName() {
        return packageName.isEmpty() ? generatedName : packageName + "." + generatedName;
    }
}
