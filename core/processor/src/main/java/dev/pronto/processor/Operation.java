package dev.pronto.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/** The OpenAPI operation object of one route: parameters, request body and responses. */
final class Operation {
    private final Route route;
    private final Schemas schemas;
    private final Elements elements;

    Operation(Route route, Schemas schemas, Elements elements) {
        this.route = route;
        this.schemas = schemas;
        this.elements = elements;
    }

    /** The operation, tagged {@code tag} and identified by {@code operationId}. */
    Map<String, Object> build(String tag, String operationId) {
        Map<String, Object> operation = JsonText.object();
        operation.put("operationId", operationId);
        operation.put("tags", List.of(tag));
        Javadoc.summarize(elements.getDocComment(route.method()), operation);
        List<Object> parameters = new ArrayList<>();
        VariableElement body = null;
        Map<String, Object> form = FormSchema.requestBody(route, schemas);
        if (form != null) {
            operation.put("requestBody", form);
        }
        for (VariableElement param : route.method().getParameters()) {
            List<AnnotationMirror> sources = Names.findAll(param, Names.SOURCES);
            if (!sources.isEmpty() && Names.SOURCES.get(Names.qualifiedName(sources.get(0))) == Source.FORM) {
                continue;
            }
            if (!sources.isEmpty()) {
                parameters.add(parameter(param, sources.get(0)));
            } else if (Names.find(param, Names.BODY) != null) {
                body = param;
                operation.put("requestBody", requestBody(param));
            }
        }
        if (!parameters.isEmpty()) {
            operation.put("parameters", parameters);
        }
        operation.put("responses", responses(!parameters.isEmpty() || body != null || form != null,
                body != null || form != null));
        return operation;
    }

    private Map<String, Object> parameter(VariableElement param, AnnotationMirror mirror) {
        Source source = Names.SOURCES.get(Names.qualifiedName(mirror));
        TypeMirror type = param.asType();
        Map<String, Object> parameter = JsonText.object();
        parameter.put("name", Names.stringValue(mirror, param.getSimpleName().toString()));
        parameter.put("in", source.field);
        boolean list = schemas.erased(type).equals("java.util.List");
        parameter.put("required", source == Source.PATH || !schemas.optional(type) && !list);
        parameter.put("schema", schemas.of(type, List.of(param)));
        return parameter;
    }

    private Map<String, Object> requestBody(VariableElement param) {
        Map<String, Object> body = JsonText.object();
        body.put("required", true);
        body.put("content", content(param.asType(), List.of(param)));
        return body;
    }

    /** The content map of a body of {@code type}: text, bytes, or JSON. */
    private Map<String, Object> content(TypeMirror type, List<VariableElement> annotated) {
        String erased = schemas.erased(type);
        Map<String, Object> media = JsonText.object();
        String mediaType;
        if (ValueKind.isA(type, "java.lang.CharSequence", schemas.types(), elements)) {
            mediaType = "text/plain";
            media.put("schema", Map.of("type", "string"));
        } else if (List.of("byte[]", Names.BYTE_BUF, "java.io.InputStream").contains(erased)) {
            mediaType = "application/octet-stream";
            media.put("schema", Map.of("type", "string", "contentMediaType", "application/octet-stream"));
        } else {
            mediaType = "application/json";
            media.put("schema", schemas.of(type, annotated));
        }
        return Map.of(mediaType, media);
    }

    private Map<String, Object> responses(boolean takesInput, boolean hasBody) {
        Map<String, Object> responses = JsonText.object();
        TypeMirror type = route.method().getReturnType();
        if (ValueKind.isA(type, "java.util.concurrent.CompletionStage", schemas.types(), elements)) {
            type = schemas.argument(type, 0);
        }
        boolean empty = type.getKind() == TypeKind.VOID || schemas.erased(type).equals("java.lang.Void")
                || route.result() == Result.SELF;
        int status = route.options().status() != 0 ? route.options().status() : route.result() == Result.EMPTY ? 204 : 200;
        Map<String, Object> success = JsonText.object();
        success.put("description", ProblemResponses.reason(status));
        if (!empty && status != 204 && status != 304) {
            success.put("content", content(type, List.of()));
        }
        responses.put(Integer.toString(status), success);
        if (takesInput) {
            responses.put("400", ProblemResponses.badRequest(fields()));
        }
        if (!route.path().names().isEmpty()) {
            responses.put("404", ProblemResponses.ref("NotFound"));
        }
        if (route.options().json()) {
            responses.put("406", ProblemResponses.ref("NotAcceptable"));
        }
        if (hasBody) {
            responses.put("408", ProblemResponses.ref("RequestTimeout"));
            responses.put("413", ProblemResponses.ref("ContentTooLarge"));
            responses.put("415", ProblemResponses.ref("UnsupportedMediaType"));
        }
        ProblemResponses.addServerStatuses(responses);
        return responses;
    }

    /** The fields a validation failure of this route can name. */
    private List<String> fields() {
        return route.arguments().stream().filter(a -> a.checked() != null).map(a -> a.checked().field()).toList();
    }
}
