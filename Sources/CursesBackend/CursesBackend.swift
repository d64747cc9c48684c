// CursesBackend: filled by its issue.
import CNcursesw
