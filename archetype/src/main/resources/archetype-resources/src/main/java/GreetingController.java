package ${package};

import dev.pronto.core.annotation.Body;
import dev.pronto.core.annotation.Path;
import dev.pronto.core.annotation.Post;
import dev.pronto.core.annotation.Status;

/**
 * An annotated controller: Pronto's processor generates {@code GreetingController$Routes} (routing, JSON
 * binding, validation of {@link GreetingRequest}, a 400 with the violations) and its OpenAPI operation.
 */
@Path("/greetings")
final class GreetingController {
    private final GreetingService greetings;

    GreetingController(GreetingService greetings) {
        this.greetings = greetings;
    }

    /** Greets the name in the body. */
    @Post
    @Status(201)
    Greeting create(@Body GreetingRequest request) {
        return greetings.greet(request.name());
    }
}
