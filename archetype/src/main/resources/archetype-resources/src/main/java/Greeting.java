package ${package};

import com.dslplatform.json.CompiledJson;

/** A greeting as JSON: {@code {"message":"Hello, Ada!","length":11}}. The converter is generated at compile time. */
@CompiledJson
public record Greeting(String message, int length) {
}
