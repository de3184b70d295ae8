import type { Area } from '../index'
import { unauthorized } from '../../http/errors'

export const authArea: Area = (app) => {
  app.decorate('authService', {
    async authenticate() { throw unauthorized() },
  })
}
