package ${package};

import com.dslplatform.json.CompiledJson;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** The body of {@code POST /greetings}; the constraints are checked by generated code before the method runs. */
@CompiledJson
public record GreetingRequest(@NotBlank @Size(max = 64) String name) {
}
