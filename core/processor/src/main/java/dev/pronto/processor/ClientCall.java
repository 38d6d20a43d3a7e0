package dev.pronto.processor;

import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * One method of a contract interface, as its generated client sends it.
 *
 * @param method the interface method
 * @param verb the HTTP method, e.g. {@code GET}
 * @param path the full pattern
 * @param parameters how each parameter is sent, in order
 * @param result what the answer is decoded as: a class literal, e.g. {@code app.Item.class}, or an
 *        expression building a generic type, e.g. {@code ContractClient.type(List.class, Item.class)}
 * @param async whether the method returns a {@code CompletionStage} (else it blocks)
 */
record ClientCall(ExecutableElement method, String verb, PathTemplate path, List<Parameter> parameters,
        String result, boolean async) {

    /** Where a parameter goes. */
    enum Target { PATH, QUERY, HEADER, BODY }

    /**
     * One parameter of a call.
     *
     * @param name the Java parameter name
     * @param target where it is sent
     * @param wireName the path parameter, query parameter or header name (null for the body)
     * @param primitive whether it is a non-integral primitive, sent with {@code String.valueOf}
     */
    record Parameter(String name, Target target, String wireName, boolean primitive) {
    }

    /**
     * A contract interface and its calls.
     *
     * @param type the interface
     * @param packageName its package, empty for the unnamed package
     * @param generatedName the simple name of the generated class, e.g. {@code Outer$Items$Client}
     * @param calls its calls in declaration order
     */
    record Contract(TypeElement type, String packageName, String generatedName, List<ClientCall> calls) {
        /** The qualified name of the generated class. */
        String qualifiedGeneratedName() {
            return packageName.isEmpty() ? generatedName : packageName + "." + generatedName;
        }
    }
}
