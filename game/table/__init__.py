"""The Mexican Train table: layout in world space, camera, hand and drawing."""
