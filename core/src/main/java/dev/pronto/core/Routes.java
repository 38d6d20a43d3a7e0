package dev.pronto.core;

import dev.pronto.core.internal.exchange.HookStep;
import dev.pronto.core.internal.exchange.Lifecycle;
import dev.pronto.core.internal.exchange.RouteEntry;
import dev.pronto.core.internal.exchange.RouteTable;
import dev.pronto.core.internal.registry.BuiltInProtocols;
import dev.pronto.router.Method;
import dev.pronto.router.Router;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Registers routes, hooks and error handlers; passed to {@code Server.builder().routes(r -> ...)}.
 *
 * <p>Paths follow the router's syntax: static segments, {@code {name}} parameters matching one
 * segment and a trailing {@code {*name}} catch-all; static beats parameter beats catch-all.
 * GET routes answer HEAD automatically, OPTIONS is answered with {@code Allow}, and a path that
 * exists only under other methods gets 405 with {@code Allow}. Registration errors (duplicates,
 * ambiguous parameters, bad syntax) throw {@code IllegalArgumentException} naming both routes.
 *
 * <p>Lifecycle, in order: {@link #onRequest} (on the root: before routing, for every request;
 * in a group: right after routing), body decoding, {@link #preHandler}, the handler,
 * {@link #onSend} (before the head is encoded), {@link #onResponse} (after the response is handed
 * to the socket); {@link #onError} observes error responses. A request hook that sends a response
 * stops the chain. {@link #group(String, Consumer)} creates a scope with a path prefix whose hooks,
 * error handlers and not-found handler apply only inside it (and its own groups), after those of
 * its parents; siblings never see each other's. A plugin is any {@code Consumer<Routes>}, applied
 * with {@link #register(Consumer)} in its own scope. Routes that no hook or handler of a group
 * touches pay nothing for the lifecycle.
 *
 * <p>Not thread-safe: configure it on one thread before the server starts.
 */
public final class Routes {
    private final Routes root;
    /** The enclosing scope; null at the root. */
    private final Routes parent;
    /** This scope's form limits; null to inherit. */
    private FormLimits formLimits;
    private final String prefix;
    private final Router.Builder<RouteEntry> check;
    private final List<Object[]> entries = new ArrayList<>();
    private final List<Routes> children = new ArrayList<>();
    private final List<HookStep> onRequest = new ArrayList<>();
    private final List<HookStep> preHandler = new ArrayList<>();
    private final List<SendHook> onSend = new ArrayList<>();
    private final List<ResponseHook> onResponse = new ArrayList<>();
    private final List<ErrorHook> onError = new ArrayList<>();
    private final Map<Integer, ErrorHandler<Throwable>> byStatus = new LinkedHashMap<>();
    private final Map<Class<?>, ErrorHandler<Throwable>> byType = new LinkedHashMap<>();
    private RouteEntry notFound;
    /** Kept on the root only: actions run when the server begins to stop. */
    private final List<Runnable> onDrain = new ArrayList<>();

    Routes() {
        this.root = this;
        this.parent = null;
        this.prefix = "";
        this.check = Router.builder();
    }

    private Routes(Routes parent, String prefix) {
        this.root = parent.root;
        this.parent = parent;
        this.prefix = prefix;
        this.check = null;
    }

    /** Registers {@code handler} for GET (and automatically HEAD) on {@code path}. */
    public Routes get(String path, Handler handler) {
        return route(Method.GET, path, RouteOptions.defaults(), handler);
    }

    /** Registers {@code handler} for GET (and automatically HEAD) on {@code path}, run as {@code options} say. */
    public Routes get(String path, RouteOptions options, Handler handler) {
        return route(Method.GET, path, options, handler);
    }

    /** Registers {@code handler} for POST on {@code path}. */
    public Routes post(String path, Handler handler) {
        return route(Method.POST, path, RouteOptions.defaults(), handler);
    }

    /** Registers {@code handler} for POST on {@code path}, run as {@code options} say. */
    public Routes post(String path, RouteOptions options, Handler handler) {
        return route(Method.POST, path, options, handler);
    }

    /** Registers {@code handler} for PUT on {@code path}. */
    public Routes put(String path, Handler handler) {
        return route(Method.PUT, path, RouteOptions.defaults(), handler);
    }

    /** Registers {@code handler} for PUT on {@code path}, run as {@code options} say. */
    public Routes put(String path, RouteOptions options, Handler handler) {
        return route(Method.PUT, path, options, handler);
    }

    /** Registers {@code handler} for PATCH on {@code path}. */
    public Routes patch(String path, Handler handler) {
        return route(Method.PATCH, path, RouteOptions.defaults(), handler);
    }

    /** Registers {@code handler} for DELETE on {@code path}. */
    public Routes delete(String path, Handler handler) {
        return route(Method.DELETE, path, RouteOptions.defaults(), handler);
    }

    /** Registers {@code handler} for HEAD on {@code path}, overriding the automatic HEAD of GET. */
    public Routes head(String path, Handler handler) {
        return route(Method.HEAD, path, RouteOptions.defaults(), handler);
    }

    /** Registers {@code handler} for OPTIONS on {@code path}, overriding the automatic answer. */
    public Routes options(String path, Handler handler) {
        return route(Method.OPTIONS, path, RouteOptions.defaults(), handler);
    }

    /** Registers {@code handler} for {@code method} on {@code path} with the default options. */
    public Routes route(Method method, String path, Handler handler) {
        return route(method, path, RouteOptions.defaults(), handler);
    }

    /**
     * Registers {@code handler} for {@code method} on {@code path} (prefixed by the group's prefix),
     * run as {@code options} say (event loop or virtual thread; aggregated or streamed body).
     *
     * @throws IllegalArgumentException on bad syntax or a conflict, naming both routes
     */
    public Routes route(Method method, String path, RouteOptions options, Handler handler) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(handler, "handler");
        String full = join(prefix, path);
        RouteEntry entry = new RouteEntry(handler, options, null);
        root.check.add(method, full, entry);
        entries.add(new Object[] {method, full, entry});
        return this;
    }

    /**
     * Registers a WebSocket endpoint (RFC 6455) on {@code path} with {@link WebSocketOptions#defaults()}.
     * See {@link #ws(String, WebSocketOptions, WebSocketHandler)}.
     */
    public Routes ws(String path, WebSocketHandler handler) {
        return ws(path, WebSocketOptions.defaults(), handler);
    }

    /**
     * Registers a WebSocket endpoint on {@code path}: a GET route whose hooks (onRequest, preHandler)
     * run before the upgrade, so they may refuse it (401/403) or set request attributes, which the
     * {@link WebSocket} session inherits. A valid upgrade over HTTP/1.1 is answered with 101 and the
     * connection switches to WebSocket frames on its event loop; a GET without upgrade headers gets
     * 426, a malformed handshake 400. Over HTTP/2 (RFC 8441) it is not offered yet: such requests get 426.
     *
     * @throws IllegalArgumentException on bad syntax or a conflict, as for {@link #get(String, Handler)}
     */
    public Routes ws(String path, WebSocketOptions options, WebSocketHandler handler) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(handler, "handler");
        return route(Method.GET, path, RouteOptions.defaults().doc(WebSocketDoc.HANDSHAKE), BuiltInProtocols.carriers().webSocketRoute(handler, options));
    }

    /**
     * Creates a scope for routes under {@code prefix} (nestable) and configures it.
     *
     * @param prefix a path prefix such as {@code /api}; {@code ""} for a scope without one
     * @param configure registers the group's routes, hooks and handlers
     */
    public Routes group(String prefix, Consumer<Routes> configure) {
        Objects.requireNonNull(prefix, "prefix");
        if (!prefix.isEmpty() && (!prefix.startsWith("/") || prefix.endsWith("/"))) {
            throw new IllegalArgumentException("group prefix must start with '/' and not end with '/', got '" + prefix + "'");
        }
        Routes child = new Routes(this, this.prefix + prefix);
        children.add(child);
        configure.accept(child);
        return this;
    }

    /** Applies {@code plugin} in a scope of its own: its hooks stay inside it. */
    public Routes register(Consumer<Routes> plugin) {
        return group("", plugin);
    }

    /**
     * Sets the {@link FormLimits} of {@link Request#form()} and {@link Request#multipart()} for this scope's
     * routes and its nested groups (on the root: the whole server), where no nearer group or route
     * ({@link RouteOptions#forms(FormLimits)}) sets its own. Applies whether called before or after the routes.
     */
    public Routes formLimits(FormLimits limits) {
        formLimits = Objects.requireNonNull(limits, "limits");
        return this;
    }

    private FormLimits inheritedFormLimits() {
        for (Routes r = this; r != null; r = r.parent) {
            if (r.formLimits != null) {
                return r.formLimits;
            }
        }
        return null;
    }

    /**
     * Adds an action run when the server begins a graceful stop ({@link Server#stop(java.time.Duration)},
     * {@link Server#close()}, or SIGTERM with {@link ServerConfig#shutdownHook()}), before it stops accepting:
     * for a plugin to turn readiness DOWN ({@link Health} does). Runs once, in order, on the stopping thread;
     * one that throws is logged and the stop goes on. Applies server-wide from any scope.
     */
    public Routes onDrain(Runnable action) {
        root.onDrain.add(Objects.requireNonNull(action, "action"));
        return this;
    }

    List<Runnable> drainActions() {
        return List.copyOf(root.onDrain);
    }

    /**
     * The full path prefix of this scope ({@code ""} at the root): for a plugin registered in a group
     * that must act on every request under it, routed or not (CORS preflights).
     */
    public String prefix() {
        return prefix;
    }

    /** The root scope, for plugins whose hooks must apply to every request (access logs, metrics). */
    public Routes root() {
        return root;
    }

    /** Adds an {@code onRequest} hook (see the class javadoc for when it runs). */
    public Routes onRequest(RequestHook hook) {
        onRequest.add(HookStep.sync(Objects.requireNonNull(hook, "hook")));
        return this;
    }

    /**
     * Adds an asynchronous {@code onRequest} hook: the chain goes on when its stage completes (on
     * the connection's event loop); a failed stage is mapped like an exception.
     */
    public Routes onRequestAsync(RequestHook.AsyncHook hook) {
        onRequest.add(HookStep.async(Objects.requireNonNull(hook, "hook")));
        return this;
    }

    /** Adds a {@code preHandler} hook: after routing and body decoding; may answer early (auth). */
    public Routes preHandler(RequestHook hook) {
        preHandler.add(HookStep.sync(Objects.requireNonNull(hook, "hook")));
        return this;
    }

    /** Adds an asynchronous {@code preHandler} hook; see {@link #onRequestAsync(RequestHook.AsyncHook)}. */
    public Routes preHandlerAsync(RequestHook.AsyncHook hook) {
        preHandler.add(HookStep.async(Objects.requireNonNull(hook, "hook")));
        return this;
    }

    /** Adds an {@code onSend} hook: may change status and headers before encoding. */
    public Routes onSend(SendHook hook) {
        onSend.add(Objects.requireNonNull(hook, "hook"));
        return this;
    }

    /** Adds an {@code onResponse} hook: after the response was handed to the socket. */
    public Routes onResponse(ResponseHook hook) {
        onResponse.add(Objects.requireNonNull(hook, "hook"));
        return this;
    }

    /** Adds an {@code onError} hook observing error responses. */
    public Routes onError(ErrorHook hook) {
        onError.add(Objects.requireNonNull(hook, "hook"));
        return this;
    }

    /** Sets the handler for paths under this scope that match no route (instead of a plain 404). */
    public Routes notFound(Handler handler) {
        notFound = new RouteEntry(Objects.requireNonNull(handler, "handler"), RouteOptions.defaults(), null);
        return this;
    }

    /**
     * Registers an error handler for responses with {@code status} (404 for unknown paths, 405,
     * 500 for unexpected exceptions, or any status of a thrown {@link HttpException}).
     */
    public Routes error(int status, ErrorHandler<Throwable> handler) {
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("error status must be in 400..599, got " + status);
        }
        byStatus.put(status, Objects.requireNonNull(handler, "handler"));
        return this;
    }

    /**
     * Registers an error handler for exceptions of {@code type} and its subclasses; the nearest
     * registered superclass wins, type handlers win over status handlers, and a group's handlers
     * win over its parents'.
     */
    @SuppressWarnings("unchecked")
    public <T extends Throwable> Routes exception(Class<T> type, ErrorHandler<? super T> handler) {
        Objects.requireNonNull(type, "type");
        byType.put(type, (ErrorHandler<Throwable>) Objects.requireNonNull(handler, "handler"));
        return this;
    }

    RouteTable compile() {
        Lifecycle rootScope = scope(Lifecycle.EMPTY, true);
        Router.Builder<RouteEntry> router = Router.builder();
        List<RouteTable.Scope> scopes = new ArrayList<>();
        Lifecycle inherited = new Lifecycle(List.of(), rootScope.preHandler(), rootScope.onSend(),
                rootScope.onResponse(), rootScope.onError(), rootScope.byStatus(), rootScope.byType(), rootScope.notFound());
        addEntries(router, null);
        for (Routes child : children) {
            child.compileInto(router, scopes, inherited, null);
        }
        return new RouteTable(router.build(), rootScope, scopes);
    }

    private void compileInto(Router.Builder<RouteEntry> router, List<RouteTable.Scope> scopes, Lifecycle parent,
                             Lifecycle parentWrap) {
        Lifecycle mine = scope(parent, false);
        Lifecycle wrap = ownEmpty() ? parentWrap : mine;
        addEntries(router, wrap);
        if (!ownEmpty()) {
            scopes.add(new RouteTable.Scope(prefix, mine));
        }
        for (Routes child : children) {
            child.compileInto(router, scopes, mine, wrap);
        }
    }

    private void addEntries(Router.Builder<RouteEntry> router, Lifecycle scope) {
        FormLimits forms = inheritedFormLimits();
        for (Object[] e : entries) {
            RouteEntry entry = (RouteEntry) e[2];
            if (forms != null && entry.options().forms() == null) {
                entry = new RouteEntry(entry.handler(), entry.options().forms(forms), entry.scope());
            }
            router.add((Method) e[0], (String) e[1], scope == null ? entry : entry.in(scope));
        }
    }

    private boolean ownEmpty() {
        return onRequest.isEmpty() && preHandler.isEmpty() && onSend.isEmpty() && onResponse.isEmpty()
                && onError.isEmpty() && byStatus.isEmpty() && byType.isEmpty() && notFound == null;
    }

    /** Hands every route with a {@link RouteOptions#doc()}, this scope's then its groups', to {@code sink}. */
    void documented(java.util.function.BiConsumer<Object[], RouteDoc> sink) {
        for (Object[] e : entries) {
            RouteDoc doc = ((RouteEntry) e[2]).options().doc();
            if (doc != null) {
                sink.accept(e, doc);
            }
        }
        for (Routes child : children) {
            child.documented(sink);
        }
    }

    private Lifecycle scope(Lifecycle parent, boolean isRoot) {
        if (!isRoot && ownEmpty()) {
            return parent;
        }
        Map<Integer, ErrorHandler<Throwable>> status = new LinkedHashMap<>(parent.byStatus());
        status.putAll(byStatus);
        Map<Class<?>, ErrorHandler<Throwable>> types = new LinkedHashMap<>(parent.byType());
        types.putAll(byType);
        return new Lifecycle(concat(parent.onRequest(), onRequest), concat(parent.preHandler(), preHandler),
                concat(parent.onSend(), onSend), concat(parent.onResponse(), onResponse),
                concat(parent.onError(), onError), status, types, notFound != null ? notFound : parent.notFound());
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static String join(String prefix, String path) {
        if (prefix.isEmpty()) {
            return path;
        }
        return path.equals("/") ? prefix : prefix + path;
    }
}
