package ${package};

/** The domain logic, kept apart from HTTP so that it is tested without a server. */
final class GreetingService {
    Greeting greet(String name) {
        String message = "Hello, " + name + "!";
        return new Greeting(message, message.length());
    }
}
