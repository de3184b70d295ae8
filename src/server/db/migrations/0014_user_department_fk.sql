-- Users' department (app_user.dept_id, added by 0013_admin) references the department resource table
-- (0012_res_org). Ids of departments that no longer exist are cleared first so the constraint can be
-- added on an existing database; deleting a department later clears its users' department (the user
-- keeps working, only without a department) instead of being refused.
UPDATE app_user SET dept_id = NULL
WHERE dept_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM department d WHERE d.id = app_user.dept_id);

ALTER TABLE app_user
  ADD CONSTRAINT app_user_dept_id_fkey FOREIGN KEY (dept_id) REFERENCES department(id) ON DELETE SET NULL;

-- ON DELETE SET NULL looks the referencing users up by dept_id.
CREATE INDEX app_user_dept_idx ON app_user (dept_id);
