package dev.pronto.processor;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;

/**
 * Reads {@code @RolesAllowed} of a route method, or else of its controller class. The generated code
 * checks them through core's {@code RoleCheck}, so it never names an authentication module.
 */
final class RoleReader {
    static final String ROLES_ALLOWED = Names.ANNOTATIONS + "RolesAllowed";

    private RoleReader() {
    }

    /** The roles admitting a caller, or an empty list when the route is open. */
    static List<String> roles(ExecutableElement method) throws RouteException {
        AnnotationMirror mirror = Names.find(method, ROLES_ALLOWED);
        if (mirror == null) {
            mirror = Names.find(method.getEnclosingElement(), ROLES_ALLOWED);
        }
        if (mirror == null) {
            return List.of();
        }
        List<String> roles = new ArrayList<>();
        for (Object value : (List<?>) Names.value(mirror)) {
            String role = (String) ((AnnotationValue) value).getValue();
            if (role.isBlank()) {
                throw new RouteException("@RolesAllowed roles must not be blank", method, mirror);
            }
            roles.add(role);
        }
        if (roles.isEmpty()) {
            throw new RouteException("@RolesAllowed needs at least one role", method, mirror);
        }
        return List.copyOf(roles);
    }
}
