package dev.pronto.processor;

import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** How a route sends what its method returns. */
enum Result {
    /** {@code void} with a {@code Response} parameter: the method sends the response itself. */
    SELF,
    /** {@code void} without a {@code Response}: an empty body, 204 unless {@code @Status} says otherwise. */
    EMPTY,
    /** Text, bytes, a buffer or a {@code CompletionStage}: {@code res.send(value)}. */
    SEND,
    /** Anything else: {@code res.json(value)}. */
    JSON;

    private static final List<String> SENT = List.of(
            "java.lang.CharSequence", Names.BYTE_BUF, "java.util.concurrent.CompletionStage");
    private static final List<String> UNSUPPORTED = List.of(
            "java.util.Optional", "java.util.concurrent.Future", "java.util.stream.BaseStream",
            "java.io.InputStream", Names.REQUEST, Names.RESPONSE);

    /**
     * Classifies the return type of {@code method}.
     *
     * @param takesResponse whether the method has a {@code Response} parameter
     * @throws RouteException if the type is not supported
     */
    static Result of(ExecutableElement method, boolean takesResponse, Types types, Elements elements)
            throws RouteException {
        TypeMirror type = method.getReturnType();
        if (type.getKind() == TypeKind.VOID) {
            return takesResponse ? SELF : EMPTY;
        }
        if (type.getKind() == TypeKind.ARRAY && types.erasure(type).toString().equals("byte[]")) {
            return SEND;
        }
        if (isA(type, SENT, types, elements)) {
            return SEND;
        }
        boolean variable = type.getKind() == TypeKind.TYPEVAR || type.getKind() == TypeKind.WILDCARD;
        if (variable || isA(type, UNSUPPORTED, types, elements)) {
            throw new RouteException("unsupported return type " + type + "; return void, a CharSequence, byte[], "
                    + "ByteBuf, CompletionStage<T> or a type the JSON codec encodes", method);
        }
        return JSON;
    }

    /**
     * Whether {@code method}, sent as {@code result}, answers JSON: a {@link #JSON} result or a
     * {@code CompletionStage} of a type the codec encodes (not text, bytes, a buffer or {@code Void}).
     */
    static boolean answersJson(ExecutableElement method, Result result, Types types, Elements elements) {
        if (result != SEND || !isA(method.getReturnType(), List.of("java.util.concurrent.CompletionStage"), types, elements)) {
            return result == JSON;
        }
        if (!(method.getReturnType() instanceof javax.lang.model.type.DeclaredType stage)
                || stage.getTypeArguments().size() != 1) {
            return false;
        }
        TypeMirror value = stage.getTypeArguments().get(0);
        if (value.getKind() == TypeKind.TYPEVAR || value.getKind() == TypeKind.WILDCARD
                || value.getKind() == TypeKind.ARRAY) {
            return false;
        }
        return !isA(value, List.of("java.lang.CharSequence", Names.BYTE_BUF, "java.lang.Void"), types, elements);
    }

    private static boolean isA(TypeMirror type, List<String> names, Types types, Elements elements) {
        for (String name : names) {
            var element = elements.getTypeElement(name);
            if (element != null && types.isAssignable(types.erasure(type), types.erasure(element.asType()))) {
                return true;
            }
        }
        return false;
    }
}
