package dev.pronto.processor;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.StandardLocation;

/**
 * Turns controller classes annotated with {@code dev.pronto.core.annotation} annotations into
 * {@code <Controller>$Routes} classes of plain route registrations, at compile time.
 *
 * <p>Add the {@code pronto-processor} artifact to the compiler's {@code annotationProcessorPaths}
 * (JDK 23 and later no longer run processors found on the class path). Problems are compile
 * errors on the offending element: an unsupported parameter or return type, a private method, a
 * path parameter without a matching {@code {name}} (or the reverse), and two routes with the same
 * method and path anywhere in one compilation. A controller with errors gets no generated class.
 *
 * <p>Jakarta constraint annotations on parameters and on {@code @Body} classes are checked by
 * generated code: a {@code <Type>$Validator} per validated class, called by the routes, which throw
 * one {@code ValidationException} listing every error (see the package documentation).
 *
 * <p>An interface carrying the same annotations is a contract: it gets no routes but a
 * {@code <Interface>$Client}, an implementation that sends each call through
 * {@code dev.pronto.client.http.ContractClient} (pronto-http-client must be on the class path).
 *
 * <p>Once processing is over it writes the OpenAPI 3.1 document of every controller of the
 * compilation to the class-path resource {@code META-INF/pronto/openapi.json}; the options
 * {@code -Apronto.openapi.title=...} and {@code -Apronto.openapi.version=...} set its {@code info}.
 */
public final class RoutesProcessor extends AbstractProcessor {
    private final Map<String, Route> seen = new HashMap<>();
    private final OpenApiDocument openApi = new OpenApiDocument();
    private ValidationReader validation;

    /** Creates the processor; the compiler calls this through {@code ServiceLoader}. */
    public RoutesProcessor() {
    }

    /** The {@code @Path} and HTTP method annotations. */
    @Override
    public Set<String> getSupportedAnnotationTypes() {
        Set<String> names = new LinkedHashSet<>(Names.HTTP_METHODS.keySet());
        names.add(Names.PATH);
        names.add(Names.WEB_SOCKET);
        return names;
    }

    /**
     * {@code pronto.openapi.title} and {@code pronto.openapi.version}: the {@code info} of the OpenAPI document;
     * {@code pronto.openapi.security}: the schemes of {@code @RolesAllowed} routes.
     */
    @Override
    public Set<String> getSupportedOptions() {
        return new LinkedHashSet<>(OpenApiDocument.options());
    }

    /** The latest source version of the running compiler: generated code uses Java 21 features only. */
    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    /** Reads the controllers of this round, checks for duplicate routes, and writes their classes. */
    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        if (validation == null) {
            validation = new ValidationReader(processingEnv);
        }
        ControllerReader reader = new ControllerReader(processingEnv, validation);
        Set<TypeElement> types = controllers(annotations, round);
        writeClients(types, reader);
        List<Controller> controllers = types.stream()
                .filter(t -> t.getKind() != ElementKind.INTERFACE)
                .map(reader::read)
                .filter(c -> c != null)
                .toList();
        Set<Controller> duplicated = checkDuplicates(controllers, reader);
        for (Controller controller : controllers) {
            if (!duplicated.contains(controller)) {
                write(controller.qualifiedGeneratedName(), new RoutesWriter(controller, generated()).write(), controller.type());
                openApi.add(controller, processingEnv);
            }
        }
        for (ValidatedType type : validation.drain()) {
            write(type.qualifiedGeneratedName(), new ValidatorWriter(type, generated()).write(), type.type());
        }
        if (round.processingOver() && !openApi.isEmpty()) {
            writeOpenApi();
        }
        return false;
    }

    /** Interfaces carrying the annotations are contracts: each gets a client, never routes. */
    private void writeClients(Set<TypeElement> types, ControllerReader reporter) {
        ClientReader clients = new ClientReader(processingEnv, reporter);
        for (TypeElement type : types) {
            if (type.getKind() == ElementKind.INTERFACE) {
                ClientCall.Contract contract = clients.read(type);
                if (contract != null) {
                    write(contract.qualifiedGeneratedName(), new ClientWriter(contract, generated()).write(), type);
                }
            }
        }
    }

    private static Set<TypeElement> controllers(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        Set<TypeElement> types = new LinkedHashSet<>();
        for (TypeElement annotation : annotations) {
            for (Element element : round.getElementsAnnotatedWith(annotation)) {
                types.add(element instanceof TypeElement type ? type : (TypeElement) element.getEnclosingElement());
            }
        }
        return types;
    }

    private Set<Controller> checkDuplicates(List<Controller> controllers, ControllerReader reader) {
        Set<Controller> duplicated = new LinkedHashSet<>();
        for (Controller controller : controllers) {
            for (Route route : controller.routes()) {
                Route first = seen.putIfAbsent(route.verb() + " " + route.path().shape(), route);
                if (first != null) {
                    reader.report(duplicate(route, first));
                    reader.report(duplicate(first, route));
                    duplicated.add(controller);
                    controllers.stream().filter(c -> c.routes().contains(first)).forEach(duplicated::add);
                }
            }
        }
        return duplicated;
    }

    private static RouteException duplicate(Route route, Route other) {
        return new RouteException("duplicate route " + route.verb() + " " + route.path().pattern()
                + ", also declared by " + other.describe(), route.method(), route.annotation());
    }

    private boolean generated() {
        return processingEnv.getElementUtils().getTypeElement("javax.annotation.processing.Generated") != null;
    }

    /** One document per module: written once, when no round can add controllers any more. */
    private void writeOpenApi() {
        try {
            var file = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "", OpenApiDocument.RESOURCE);
            try (Writer writer = new java.io.OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
                writer.write(openApi.write(processingEnv.getOptions()));
            }
        } catch (IOException | IllegalArgumentException e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                    "cannot write " + OpenApiDocument.RESOURCE + ": " + e.getMessage());
        }
    }

    private void write(String qualifiedName, String source, TypeElement origin) {
        try {
            var file = processingEnv.getFiler().createSourceFile(qualifiedName, origin);
            try (Writer writer = file.openWriter()) {
                writer.write(source);
            }
        } catch (IOException e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                    "cannot write " + qualifiedName + ": " + e.getMessage(), origin);
        }
    }
}
