package dev.pronto.processor;

import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/** A compile error found while reading a controller: the message and the element to highlight. */
final class RouteException extends Exception {
    final transient Element element;
    final transient AnnotationMirror annotation;

    RouteException(String message, Element element, AnnotationMirror annotation) {
        super(message, null, false, false);
        this.element = element;
        this.annotation = annotation;
    }

    RouteException(String message, Element element) {
        this(message, element, null);
    }

    /** Fails a route because of errors already printed, e.g. in a validated class it shares with another route. */
    static RouteException reported() {
        return new RouteException(null, null);
    }

    /** Prints the error, unless it was {@link #reported()} before. */
    void print(Messager messager) {
        if (element == null) {
            return;
        }
        if (annotation == null) {
            messager.printMessage(Diagnostic.Kind.ERROR, getMessage(), element);
        } else {
            messager.printMessage(Diagnostic.Kind.ERROR, getMessage(), element, annotation);
        }
    }
}
